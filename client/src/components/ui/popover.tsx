import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import styles from './popover.module.css'

export interface PopoverProps {
  /** Renders the trigger; spread the given props on a <button>. */
  trigger: (props: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void }) => ReactNode
  /** Panel content; call close() after an item is chosen. */
  children: (close: () => void) => ReactNode
  align?: 'start' | 'end'
  className?: string
  panelClassName?: string
  panelLabel?: string
  /** A name for tests to find the panel by (the layout check scopes itself to it). */
  panelTestId?: string
}

/** The classes of a popover's menu: the list and each item (a link or a button). */
export const menuClasses = { list: styles['menu-list']!, item: styles['menu-item']! }

/**
 * A disclosure popover for menus of links (header "Other Menu", account menu): toggled by its button,
 * closed by Escape (focus goes back to the button), an outside click, or choosing an item.
 */
export function Popover({
  trigger,
  children,
  align = 'start',
  className,
  panelClassName,
  panelLabel,
  panelTestId,
}: PopoverProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target))
        setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      rootRef.current?.querySelector<HTMLElement>('[aria-controls]')?.focus()
    }
    // One abort removes both listeners.
    const listening = new AbortController()
    document.addEventListener('mousedown', onPointerDown, { signal: listening.signal })
    document.addEventListener('keydown', onKeyDown, { signal: listening.signal })
    return () => listening.abort()
  }, [open])

  const close = () => setOpen(false)
  return (
    <div ref={rootRef} className={`${styles.popover}${className ? ` ${className}` : ''}`}>
      {trigger({
        'aria-expanded': open,
        'aria-controls': panelId,
        onClick: () => setOpen((o) => !o),
      })}
      <div
        id={panelId}
        className={`${styles.popover__panel} ${styles[`popover__panel--${align}`]}${panelClassName ? ` ${panelClassName}` : ''}`}
        hidden={!open}
        aria-label={panelLabel}
        role={panelLabel ? 'region' : undefined}
        data-testid={panelTestId}
      >
        {open && children(close)}
      </div>
    </div>
  )
}
