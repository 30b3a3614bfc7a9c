import { iconClass } from '@/components/ui/icon'

/**
 * The player's "10 seconds back / forward" glyph: an open circular arrow with the figure 10 drawn inside the
 * circle, in one SVG, so the figure sits in the arrow's empty middle instead of over its stroke. Decorative: the
 * button carries the name.
 */
export function SkipIcon({ direction, size = 26 }: { direction: 'back' | 'forward'; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className={iconClass}>
      {/* Drawn for "back" (counter-clockwise, arrowhead at the top pointing left); mirrored for "forward". */}
      <g
        transform={direction === 'forward' ? 'matrix(-1 0 0 1 24 0)' : undefined}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 4.5A8.5 8.5 0 1 1 4.6 8.75" />
        <path d="M14.6 2 12 4.5l2.6 2.5" />
      </g>
      <text x="12" y="16.2" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor">
        10
      </text>
    </svg>
  )
}
