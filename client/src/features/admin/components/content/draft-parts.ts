import { fieldBinder, type FieldErrors } from '@/lib/validation'
import type { FieldsProps } from './content-kind'

/** Under every HTML field: what survives the sanitizer (services/content/src/sanitize.ts). */
export const HTML_HINT =
  'Paragraphs, headings, lists, tables, links and images. Scripts, styles, frames and event attributes are removed when saved.'

/** An order field's text as the body's integer (NaN when it is not one, so the schema names the problem). */
export const orderOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/** The fields of a draft that hold text (the ones a TextField or TextAreaField edits). */
export type TextKey<Draft> = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft] & string

/**
 * What a text field of a kind's form takes from the draft (`{...bind('title')}`): `fieldBinder`'s value, error and
 * change handler, with the problem read at the field's body path (`/title`) and the change merged into the draft.
 */
export const draftBinder = <Draft>({ draft, set, errors }: FieldsProps<Draft>) =>
  fieldBinder<TextKey<Draft>>(
    draft as Record<TextKey<Draft>, string>,
    // The schema's problems by body path ('/title'), as fieldBinder reads them: by field name.
    Object.fromEntries(Object.entries(errors).map(([at, problem]) => [at.slice(1), problem])) as FieldErrors<
      TextKey<Draft>
    >,
    (field, value) => set({ [field]: value } as Partial<Draft>),
  )

/** An entry's text fields as a draft holds them: the entry's own, or '' for a new entry. */
export function textsOf<Entry, K extends keyof Entry & string>(
  entry: Entry | undefined,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, entry?.[key] ?? ''])) as Record<K, string>
}
