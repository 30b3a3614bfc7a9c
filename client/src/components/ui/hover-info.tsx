import { useId, type ReactNode } from 'react'
import styles from './hover-info.module.css'

/**
 * Text with more on hover or keyboard focus (book titles show their description, author names their
 * picture, long bios their full text). The extra content is also linked for screen readers.
 */
export function HoverInfo({
  children,
  info,
  className,
  align = 'start',
  focusable = true,
  onOpen,
}: {
  children: ReactNode
  info: ReactNode
  className?: string
  align?: 'start' | 'center'
  /** Off when the text is itself a link: the link's focus opens the panel, with no extra tab stop. */
  focusable?: boolean
  /**
   * Called when the text is clicked (a tap on a touch screen, Enter on its link) to read on: e.g. to count a
   * description click. Merely passing the pointer over it is no click.
   */
  onOpen?: () => void
}) {
  const id = useId()
  return (
    <span
      className={`${styles['hover-info']}${className ? ` ${className}` : ''}`}
      tabIndex={focusable ? 0 : undefined}
      aria-describedby={focusable ? id : undefined}
      onClick={onOpen}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        className={`${styles['hover-info__panel']} ${styles[`hover-info__panel--${align}`] ?? ''}`}
      >
        {info}
      </span>
    </span>
  )
}
