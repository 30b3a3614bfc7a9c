import type { ReactNode } from 'react'

/** One "Label: value" item of a row's meta line (my listings, moderation), the label muted. */
export function MetaItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span>
      <span className="muted">{`${label}:`}</span> {children}
    </span>
  )
}
