import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { useSaveEntry } from '../../api/admin-content'
import { schemaErrors } from '../../model/schema-errors'
import type { ContentKindSpec, ContentPreviews, EntryBase } from './content-kind'
import adminStyles from '../admin.module.css'
import styles from './content-editors.module.css'
import { FormError } from '@/components/ui/form-error'

/**
 * A new or existing entry's form, with a preview of the draft as the public page will render it. A new entry or a
 * draft is saved as a draft or published; a published one is saved as it stands (the list unpublishes). The body is
 * checked with the server's schema first; the server's own refusal (a taken slug or path) shows above the buttons.
 */
export function EntryEditor<Entry extends EntryBase, Draft>({
  spec,
  entry,
  previews,
  onClose,
}: {
  spec: ContentKindSpec<Entry, Draft>
  entry: Entry | undefined
  previews: ContentPreviews
  onClose: () => void
}) {
  const [draft, setDraft] = useState(() => spec.draftOf(entry))
  const [previewing, setPreviewing] = useState(false)
  const [tried, setTried] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const save = useSaveEntry(spec.kind)
  const published = entry?.isActive ?? false
  const body = spec.bodyOf(draft)
  const errors = schemaErrors(spec.schema, body)
  const invalid = Object.keys(errors).length > 0
  const heading = entry ? `Edit ${spec.noun}` : `New ${spec.noun}`

  const submit = (isActive: boolean) => {
    setTried(true)
    if (invalid) {
      setPreviewing(false)
      return
    }
    setServerError(undefined)
    save.mutate(
      { id: entry?._id, body: { ...body, isActive } },
      {
        onSuccess: () => {
          toast.success(
            isActive && !published ? `${capital(spec.noun)} published` : `${capital(spec.noun)} saved`,
          )
          onClose()
        },
        onError: (err) => setServerError(errorMessage(err)),
      },
    )
  }

  return (
    <section className={adminStyles.card} aria-labelledby="content-editor-title">
      <div className={styles.editorHead}>
        <h2 id="content-editor-title">{heading}</h2>
        <span className={published ? `${adminStyles.tag} ${adminStyles.tagGood}` : adminStyles.tag}>
          {published ? 'Published' : 'Draft'}
        </span>
        <div className={styles.modes} role="group" aria-label="View">
          <Button
            size="sm"
            variant={previewing ? 'ghost' : 'secondary'}
            aria-pressed={!previewing}
            onClick={() => setPreviewing(false)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant={previewing ? 'secondary' : 'ghost'}
            aria-pressed={previewing}
            onClick={() => setPreviewing(true)}
          >
            Preview
          </Button>
        </div>
      </div>
      {previewing ? (
        <div className={styles.preview} role="region" aria-label="Preview">
          <p className={styles.previewNote}>Preview: as visitors will see it once published.</p>
          {spec.preview(draft, previews, entry?.updatedAt ?? new Date().toISOString())}
        </div>
      ) : (
        <form
          className="stack"
          noValidate
          aria-label={heading}
          onSubmit={(e) => {
            e.preventDefault()
            submit(published)
          }}
        >
          <spec.Fields
            draft={draft}
            set={(patch) => {
              setDraft((d) => ({ ...d, ...patch }))
              setServerError(undefined)
            }}
            errors={tried ? errors : {}}
          />
        </form>
      )}
      <FormError>{tried && invalid && 'Some fields need a change before saving (marked above).'}</FormError>
      <FormError>{serverError}</FormError>
      <div className={styles.editorActions}>
        <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        {published ? (
          <Button onClick={() => submit(true)} loading={save.isPending}>
            Save changes
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => submit(false)} loading={save.isPending}>
              Save draft
            </Button>
            <Button onClick={() => submit(true)} loading={save.isPending}>
              Publish
            </Button>
          </>
        )}
      </div>
    </section>
  )
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
