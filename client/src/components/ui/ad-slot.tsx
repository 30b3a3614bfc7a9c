/** A labelled placeholder where an advertisement will go (the ad content itself is not part of the product yet). */
export function AdSlot({ className }: { className?: string }) {
  return (
    <aside className={`ad-slot${className ? ` ${className}` : ''}`} aria-label="Advertisement">
      <span className="ad-slot__label">Advertisement</span>
      <span className="ad-slot__text">Your book could be promoted here</span>
    </aside>
  )
}
