import type { ReactNode } from 'react'

/**
 * A box that scrolls sideways on a narrow screen (a wide table): focusable and named, so a keyboard can scroll it
 * too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string
  className?: string | undefined
  children: ReactNode
}) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
