import type { CSSProperties } from 'react'

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton${className ? ` ${className}` : ''}`} style={style} aria-hidden="true" />
}
