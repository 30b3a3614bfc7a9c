import { useState } from 'react'
import { SettingsPatch, type Settings } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { ListStates } from '@/components/ui/list-states'
import { errorMessage } from '@/lib/api-client'
import { useAdminSettings, useUpdateSettings } from '../../api/admin-content'
import { schemaErrors } from '../../model/schema-errors'
import { ConfirmWrite } from '../confirm-write'
import type { ContentPreviews } from './content-kind'
import styles from './content-editors.module.css'
import { FormError } from '@/components/ui/form-error'

type SettingsDraft = Required<SettingsPatch>
type Field = keyof SettingsDraft

const FIELDS: readonly { field: Field; label: string; hint: string; type?: string }[] = [
  {
    field: 'homePageMedia',
    label: "Home page's featured video",
    hint: 'A YouTube or Vimeo address (embedded) or a video file address; empty: the home page has no video section.',
  },
  {
    field: 'supportEmail',
    label: 'Support address',
    type: 'email',
    hint: 'Contact mails go here; empty: the server’s SUPPORT_EMAIL.',
  },
  { field: 'Facebook', label: 'Facebook', hint: 'Linked in the footer; empty: hidden.' },
  { field: 'Instagram', label: 'Instagram', hint: 'Linked in the footer; empty: hidden.' },
  { field: 'YouTube', label: 'YouTube', hint: 'Linked in the footer; empty: hidden.' },
  { field: 'TikTok', label: 'TikTok', hint: 'Linked in the footer; empty: hidden.' },
]

const draftOf = (s: Settings): SettingsDraft => ({
  homePageMedia: s.homePageMedia,
  supportEmail: s.authEmailCredentials.email,
  Facebook: s.Facebook,
  Instagram: s.Instagram,
  YouTube: s.YouTube,
  TikTok: s.TikTok,
})

function SettingsForm({ settings, previews }: { settings: Settings; previews: ContentPreviews }) {
  // The stored values (fresh after a save, when the settings come back) and the form's, compared field by field.
  const saved = draftOf(settings)
  const [draft, setDraft] = useState(saved)
  const [confirming, setConfirming] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const update = useUpdateSettings()
  const changes = Object.fromEntries(
    FIELDS.filter(({ field }) => draft[field].trim() !== saved[field]).map(({ field }) => [
      field,
      draft[field].trim(),
    ]),
  ) as SettingsPatch
  const changed = Object.keys(changes).length > 0
  const errors = schemaErrors(SettingsPatch, changes)
  const invalid = Object.keys(errors).length > 0
  return (
    <form
      className="stack"
      noValidate
      aria-label="Settings"
      onSubmit={(e) => {
        e.preventDefault()
        if (changed && !invalid) setConfirming(true)
      }}
    >
      {FIELDS.map(({ field, label, hint, type }) => (
        <TextField
          key={field}
          label={label}
          type={type ?? 'url'}
          maxLength={field === 'supportEmail' ? 254 : 2000}
          hint={hint}
          value={draft[field]}
          error={errors[`/${field}`]}
          onChange={(e) => {
            setDraft((d) => ({ ...d, [field]: e.target.value }))
            setServerError(undefined)
          }}
        />
      ))}
      <section className={styles.preview} aria-label="Featured video preview">
        <p className={styles.previewNote}>Preview: the home page’s video section.</p>
        {previews.featuredVideo(draft.homePageMedia.trim())}
      </section>
      <FormError>{serverError}</FormError>
      <div className={styles.editorActions}>
        <Button variant="ghost" disabled={!changed} onClick={() => setDraft(saved)}>
          Undo changes
        </Button>
        <Button type="submit" disabled={!changed || invalid}>
          Save settings
        </Button>
      </div>
      {confirming && (
        <ConfirmWrite
          title="Change the settings?"
          confirmLabel="Save"
          write={update}
          input={changes}
          done="Settings saved"
          onClose={() => setConfirming(false)}
          onError={(err) => setServerError(errorMessage(err))}
        >
          <ul className={styles.changeList}>
            {FIELDS.filter(({ field }) => field in changes).map(({ field, label }) => (
              <li key={field}>
                {label}: {saved[field] || '(empty)'} → {changes[field] || '(empty)'}
              </li>
            ))}
          </ul>
        </ConfirmWrite>
      )}
    </form>
  )
}

/** Settings: the featured video (with its preview), the support address and the social links. */
export function SettingsSection({ previews }: { previews: ContentPreviews }) {
  const settings = useAdminSettings()
  return (
    <ListStates
      query={settings}
      rows={settings.data ? [settings.data] : []}
      loadingLabel="Loading settings"
      failedMessage="Failed to fetch settings"
      empty={<p>No settings.</p>}
    >
      {([current]) =>
        current && (
          // Not re-keyed when the saved settings come back: the confirmation must stay mounted to say "saved".
          <SettingsForm settings={current} previews={previews} />
        )
      }
    </ListStates>
  )
}
