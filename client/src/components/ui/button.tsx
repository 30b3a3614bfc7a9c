import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import { Spinner } from './spinner'
import styles from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link'
export type ButtonSize = 'sm' | 'md' | 'lg'

export interface ButtonLook {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
  className?: string | undefined
}

/**
 * The button look as a class list, for an element that is not a <Button> (a react-router Link, a plain <a>, or a
 * component such as LikeButton that takes a className).
 */
export function buttonClass({ variant = 'primary', size = 'md', block = false, className }: ButtonLook = {}) {
  return [
    styles.btn,
    styles[`btn--${variant}`],
    styles[`btn--${size}`],
    block ? styles['btn--block'] : '',
    className,
  ]
    .filter(Boolean)
    .join(' ')
}

/** A bare button that looks like text (no padding, border or background): footer links, "Try again". */
export const linkButtonClass = (className?: string) =>
  [styles['link-button'], className].filter(Boolean).join(' ')

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button while a request runs. */
  loading?: boolean
  block?: boolean
  children: ReactNode
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  block = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      <span>{children}</span>
    </button>
  )
}

/** A react-router link that looks like a Button. */
export function ButtonLink({ variant, size, block, className, ...link }: LinkProps & ButtonLook) {
  return <Link className={buttonClass({ variant, size, block, className })} {...link} />
}
