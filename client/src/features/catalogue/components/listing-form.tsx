import { useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import {
  countChars,
  DESCRIPTION_MAX,
  LISTING_CREATED_MESSAGE,
  LISTING_UPDATED_MESSAGE,
  LOCKED_FIELDS,
  PAID_ONLY_FIELDS,
  planStanding,
  type PlanStanding,
  type User,
} from '@bookstrut/schemas'
import { AutoGrowTextArea } from '@/components/ui/auto-grow-textarea'
import { Button, linkButtonClass } from '@/components/ui/button'
import { fieldLabelClass, TextAreaField, TextField } from '@/components/ui/field'
import { ImagePicker } from '@/components/ui/image-picker'
import { paths } from '@/config/paths'
import { errorMessage, isApiError } from '@/lib/api-client'
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '@/lib/validation'
import { useCreateListing, useUpdateListing } from '../api/save-listing'
import {
  capChars,
  changedFields,
  emptyListing,
  isEditLocked,
  noFiles,
  serverFieldErrors,
  toListingFormData,
  validateListing,
  valuesFromBook,
  type ListingFiles,
  type ListingFormField,
  type ListingFormValues,
  type ListingImageField,
  type ListingField,
} from '../model/listing-rules'
import { listingSavedState } from '../model/saved-listing'
import { AudioUploader } from './audio-uploader'
import { FormatLimitsNotice } from './format-limits-notice'
import { LanguageSelect } from './language-select'
import { PlanLimitDialog } from './plan-limit-dialog'
import styles from './listing-form.module.css'
import type { Book } from '@/api/book'
import { form } from '@/components/ui/form'

export const NO_CHANGES_MESSAGE = 'No changes detected!'

export interface ListingFormProps {
  account: User
  /** The listing being edited; none when creating. */
  book?: Book | undefined
  onBlocked: (notes: string) => void
}

/** Where the account stands with its plan: every plan text and limit on the author's pages reads this. */
export const standingOf = (account: User, now = new Date()) => planStanding(account.membership, now)

/** Free in effect: the free plan, or a paid plan that has expired (a granted paid plan is not free). */
const isFreePlan = (s: PlanStanding) => s.kind === 'free' || s.kind === 'expired'

const notesOf = (data: unknown, fallback: string) =>
  typeof data === 'object' && data !== null && 'notes' in data && typeof data.notes === 'string'
    ? data.notes
    : fallback

/**
 * The upload / edit form (spec author-and-content sections 2 to 5). Create sends everything; edit sends only
 * the changed fields, and the title, author, category, ideas and description lock 72 hours after creation.
 */
export function ListingForm({ account, book, onBlocked }: ListingFormProps) {
  const mode = book ? 'edit' : 'create'
  const navigate = useNavigate()
  const standing = standingOf(account)
  const isFree = isFreePlan(standing)
  const [original] = useState<ListingFormValues>(() => (book ? valuesFromBook(book) : emptyListing))
  const [values, setValues] = useState<ListingFormValues>(original)
  const [files, setFiles] = useState<ListingFiles>(noFiles)
  const [errors, setErrors] = useState<FieldErrors<ListingFormField>>({})
  // Creating at the plan's limit: say so when the page opens, not after the whole form is filled in.
  const [dialog, setDialog] = useState<'none' | 'limits' | 'planLimit'>(() =>
    mode !== 'create' ? 'none' : standing.limitReached ? 'planLimit' : isFree ? 'limits' : 'none',
  )
  const [locked] = useState(() => (book ? isEditLocked(book.editableUntil) : false))
  const create = useCreateListing()
  const update = useUpdateListing()
  const busy = create.isPending || update.isPending

  const set = (field: ListingField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
  }
  const setFile = (field: ListingImageField, file: File | null) => {
    setFiles((f) => ({ ...f, [field]: file }))
    setErrors((e) => withoutError(e, field))
  }
  const setError = (field: ListingFormField, message: string | undefined) =>
    setErrors((e) => (message ? { ...e, [field]: message } : withoutError(e, field)))
  const isLocked = (field: ListingField) => locked && LOCKED_FIELDS.includes(field)
  /** What every text input of the form takes from its field: the value, its error, when it is locked, how it changes. */
  const fieldProps = (field: ListingField) => ({
    value: values[field],
    error: errors[field],
    disabled: busy || isLocked(field),
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  })
  /** The same for the two image pickers. */
  const imageProps = (field: ListingImageField) => ({
    field,
    file: files[field],
    error: errors[field],
    disabled: busy,
    onChange: setFile,
    onInvalid: setError,
  })

  const reset = () => {
    setValues(emptyListing)
    setFiles(noFiles)
    setErrors({})
  }

  const handleFailure = (error: unknown, fallback: string) => {
    if (isApiError(error)) {
      if (error.code === 'PLAN_LIMIT') return setDialog('planLimit')
      if (error.code === 'BLOCKED') return onBlocked(notesOf(error.data, ''))
      if (error.status === 400) setErrors((e) => ({ ...e, ...serverFieldErrors(error.data) }))
    }
    toast.error(errorMessage(error, fallback))
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    if (account.isBlocked) return onBlocked(account.notes)

    if (mode === 'create') {
      if (standingOf(account).limitReached) return setDialog('planLimit')
      const found = validateListing(values, files, { mode, isFree })
      setErrors(found)
      if (hasErrors(found)) return focusFirstInvalid(form)
      create.mutate(toListingFormData(values, files, { mode, userId: account._id, isFree }), {
        onSuccess: ({ message, data }) => {
          toast.success(message || LISTING_CREATED_MESSAGE)
          reset()
          void navigate(paths.profileListings, { state: listingSavedState(data._id) })
        },
        onError: (error) => handleFailure(error, 'Podcast creation failed'),
      })
      return
    }

    if (!book) return
    const fields = changedFields(original, values).filter(
      (f) => !(isFree && PAID_ONLY_FIELDS.includes(f)) && !isLocked(f),
    )
    if (fields.length === 0 && !files.bookCoverImage && !files.authorImage && !files.audioFile) {
      toast.info(NO_CHANGES_MESSAGE)
      return
    }
    const found = validateListing(values, files, { mode, isFree, fields })
    setErrors(found)
    if (hasErrors(found)) return focusFirstInvalid(form)
    update.mutate(
      {
        bookId: book._id,
        episodeId: book.episodes[0]?._id,
        form: toListingFormData(values, files, { mode, fields, isFree }),
      },
      {
        onSuccess: ({ message }) => {
          if (message === NO_CHANGES_MESSAGE) {
            toast.info(message)
            return
          }
          toast.success(message || LISTING_UPDATED_MESSAGE)
          reset()
          void navigate(paths.profileListings, { state: listingSavedState(book._id) })
        },
        onError: (error) => handleFailure(error, 'Podcast update failed'),
      },
    )
  }

  const remaining = DESCRIPTION_MAX - countChars(values.description)
  const episode = book?.episodes[0]
  const lockedUntil = book ? new Date(book.editableUntil) : null

  return (
    <>
      <form
        className={styles['listing-form']}
        onSubmit={handleSubmit}
        noValidate
        aria-label={mode === 'create' ? 'Upload a book' : 'Edit book'}
      >
        <p className={form.hint}>
          Fields marked <span className={styles['required-mark']}>*</span> are required.
        </p>
        {locked && lockedUntil && (
          <p className={`${form.alert} ${form.alertInfo}`} role="note">
            The 72-hour edit window ended on{' '}
            {lockedUntil.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}. The title,
            author, category, ideas and description can no longer change; links, publishing details and files
            can.
          </p>
        )}

        <FormSection id="images" title="Images">
          <div className={styles['image-pair']}>
            <ImageField
              {...imageProps('bookCoverImage')}
              kind="cover"
              title="Book Cover"
              required={mode === 'create'}
              label="Book cover"
              hint="JPEG, PNG, GIF or WEBP, up to 2 MB."
              placeholder="Add cover (3:4)"
              currentUrl={book?.bookCoverImage}
            />
            <ImageField
              {...imageProps('authorImage')}
              kind="author"
              title="Author Image (optional)"
              label="Author image"
              hint="Square, up to 1 MB."
              placeholder="Add photo (1:1)"
              currentUrl={book?.authorImage}
            />
          </div>
        </FormSection>

        <FormSection id="language" title="Language">
          <LanguageSelect
            value={values.language}
            onChange={(code) => set('language', code)}
            disabled={busy}
            error={errors.language}
          />
        </FormSection>

        <FormSection id="details" title="Book Details">
          <p className={styles['form-section__intro']}>
            Each idea is one sentence of 7-12 words about what the book is really about.
          </p>
          <AutoGrowTextArea
            label="Primary Idea"
            required
            {...fieldProps('primary_key')}
            placeholder="e.g. A lighthouse keeper guards a secret that could ruin the island"
          />
          <AutoGrowTextArea label="Secondary Idea" required {...fieldProps('secondary_key')} />
          <AutoGrowTextArea label="Additional Idea" required {...fieldProps('additional_key')} />
          <div className={form.grid}>
            <TextField label="Book Title" required {...fieldProps('title')} />
            <TextField label="Author Name" required {...fieldProps('author')} />
          </div>
          <TextField
            label="Category/Genre"
            required
            {...fieldProps('categoryName')}
            placeholder="e.g. Literary fiction"
          />
        </FormSection>

        <FormSection id="description" title="Book Description">
          <TextAreaField
            label="Description"
            required
            rows={8}
            value={values.description}
            error={errors.description}
            disabled={busy || isLocked('description')}
            hint={
              <span aria-live="polite">
                {remaining} characters remaining (75 to 1000, spaces not counted)
              </span>
            }
            onChange={(e) => set('description', capChars(e.target.value, DESCRIPTION_MAX))}
          />
        </FormSection>

        <FormSection id="publishing" title="Publishing and Links">
          <div className={form.grid}>
            <TextField label="Publisher Name" {...fieldProps('publisher')} />
            <TextField
              label="Where to get this URL"
              required
              inputMode="url"
              placeholder="https://shop.example.com/your-book"
              {...fieldProps('get_this_url')}
            />
            <TextField
              label="Year First Published"
              inputMode="numeric"
              maxLength={4}
              {...fieldProps('year_published')}
            />
            <TextField label="ISBN" inputMode="numeric" maxLength={17} {...fieldProps('ISBN')} />
            {!isFree && (
              <>
                <TextField
                  label="YouTube Link"
                  inputMode="url"
                  placeholder="https://youtube.com/watch?v=…"
                  {...fieldProps('youtube_url')}
                />
                <TextField
                  label="TikTok Link"
                  inputMode="url"
                  placeholder="https://tiktok.com/@you/video/…"
                  {...fieldProps('tiktok_url')}
                />
              </>
            )}
          </div>
          {isFree && (
            <p className={form.hint}>
              YouTube and TikTok links come with paid plans.{' '}
              <button type="button" className={linkButtonClass()} onClick={() => setDialog('limits')}>
                Format &amp; Limits
              </button>
            </p>
          )}
        </FormSection>

        <FormSection id="audio" title="Podblurb">
          <AudioUploader
            file={files.audioFile}
            duration={files.duration}
            hasCurrent={Boolean(episode?.fileUrl)}
            currentDuration={episode?.duration ?? null}
            onChange={(file, duration) => {
              setFiles((f) => ({ ...f, audioFile: file, duration }))
              setErrors((e) => withoutError(e, 'audioFile'))
            }}
            error={errors.audioFile}
            onError={(m) => setError('audioFile', m)}
            disabled={busy}
          />
        </FormSection>

        <div className={styles['listing-form__actions']}>
          {mode === 'edit' && (
            <Button
              variant="ghost"
              className={styles['listing-form__action']}
              onClick={() => void navigate(paths.profileListings)}
              disabled={busy}
            >
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            size="lg"
            className={`${styles['listing-form__action']} ${styles['listing-form__submit']}`}
            loading={busy}
          >
            {mode === 'create' ? 'Save' : 'Update'}
          </Button>
        </div>
      </form>
      {dialog === 'limits' && <FormatLimitsNotice standing={standing} onClose={() => setDialog('none')} />}
      {dialog === 'planLimit' && (
        <PlanLimitDialog standing={standingOf(account)} onClose={() => setDialog('none')} />
      )}
    </>
  )
}

/** One of the form's two image pickers with its label, and its error or hint underneath. */
function ImageField(props: {
  field: ListingImageField
  kind: 'cover' | 'author'
  title: string
  label: string
  hint: string
  placeholder: string
  required?: boolean
  currentUrl: string | null | undefined
  file: File | null
  error: string | undefined
  disabled: boolean
  onChange: (field: ListingImageField, file: File | null) => void
  onInvalid: (field: ListingImageField, message: string | undefined) => void
}) {
  const { field, error } = props
  return (
    <div className={form.field}>
      <span className={fieldLabelClass(props.required)}>{props.title}</span>
      <ImagePicker
        kind={props.kind}
        label={props.label}
        currentUrl={props.currentUrl}
        file={props.file}
        onChange={(f) => props.onChange(field, f)}
        onInvalid={(m) => props.onInvalid(field, m)}
        error={error}
        disabled={props.disabled}
        placeholder={props.placeholder}
      />
      {error ? (
        <p className={form.error} role="alert">
          {error}
        </p>
      ) : (
        <p className={form.hint}>{props.hint}</p>
      )}
    </div>
  )
}

/** One titled section of the form, its heading naming it for assistive technology. */
function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles['form-section']} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles['form-section__title']}>
        {title}
      </h2>
      {children}
    </section>
  )
}
