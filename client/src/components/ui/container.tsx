import type { HTMLAttributes } from 'react'
import styles from './container.module.css'

/** The centred page column's class, with the caller's classes after it (their rules win: they load later). */
export const containerClass = (className?: string) => [styles.container, className].filter(Boolean).join(' ')

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** The element to render (default div): a page's <section> or <header> can be the column itself. */
  as?: 'div' | 'section' | 'header' | 'p'
}

/** The centred page column (max 1200 px, 24 px gutters, 16 px on phones). */
export function Container({ as: Tag = 'div', className, ...rest }: ContainerProps) {
  return <Tag className={containerClass(className)} {...rest} />
}
