import type { RelatedLink } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import type { FieldErrors } from '../../model/schema-errors'
import styles from './content-editors.module.css'

const LINK_TYPES = [
  { value: 'internal', label: 'Site page' },
  { value: 'external', label: 'Other site (new tab)' },
]
const MAX_LINKS = 20

/** The "Related Resources" under a FAQ answer or a post: text, address and whether it opens in a new tab. */
export function RelatedLinksField({
  links,
  onChange,
  errors,
}: {
  links: RelatedLink[]
  onChange: (links: RelatedLink[]) => void
  errors: FieldErrors
}) {
  const setAt = (i: number, patch: Partial<RelatedLink>) =>
    onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)))
  return (
    <fieldset className={styles.group}>
      <legend>Related resources</legend>
      {links.length === 0 && <p className="muted">None yet.</p>}
      {links.map((link, i) => (
        <div key={i} className={styles.row} role="group" aria-label={`Related link ${i + 1}`}>
          <TextField
            label="Link text"
            value={link.linkText}
            maxLength={200}
            error={errors[`/relatedLinks/${i}/linkText`]}
            onChange={(e) => setAt(i, { linkText: e.target.value })}
          />
          <TextField
            label="Address"
            placeholder="/faq or https://…"
            value={link.linkUrl}
            maxLength={2000}
            error={errors[`/relatedLinks/${i}/linkUrl`]}
            onChange={(e) => {
              const linkUrl = e.target.value
              // A site path routes in the app; anything else opens in a new tab.
              setAt(i, { linkUrl, linkType: linkUrl.startsWith('/') ? 'internal' : 'external' })
            }}
          />
          <SelectField
            label="Opens"
            options={LINK_TYPES}
            value={link.linkType}
            onChange={(e) => setAt(i, { linkType: e.target.value === 'internal' ? 'internal' : 'external' })}
          />
          <Button variant="ghost" size="sm" onClick={() => onChange(links.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={links.length >= MAX_LINKS}
        onClick={() => onChange([...links, { linkText: '', linkUrl: '', linkType: 'internal' }])}
      >
        Add a link
      </Button>
    </fieldset>
  )
}
