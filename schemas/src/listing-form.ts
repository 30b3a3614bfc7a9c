import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox'
import { IGNORED_TEXT_MAX } from './common.js'
import { LISTING_FIELDS } from './listing-rules.js'
import { FORM_MAX_FIELD_BYTES } from './media-rules.js'

// Every part is bounded as a form field is (16 KB), also when the same body comes as JSON; the listing's rules then
// apply the spec's own, tighter limits with its messages.
const formText = Type.String({ maxLength: FORM_MAX_FIELD_BYTES })
/** One optional text part per name. */
const optionalTexts = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, Type.Optional(formText)])) as Record<K, TOptional<TString>>

/** Parts of the spec's client's form the server does not use (it reads only `episodes[0][year_published]`). */
const SPEC_CLIENT_PARTS = [
  'Categories[0][Category]',
  'Categories[0][name]',
  'episodes[0][part]',
  'episodes[0][title]',
  'episodes[0][description]',
  'episodes[0][duration]',
  'episodes[0][year_published]',
] as const

/**
 * The body of POST /create/podcast and PUT /update/podcast once a multipart form (or a JSON object) has become
 * plain text: every part is a string, as a form sends it. The listing's own rules (`validateListing`) judge the
 * values afterwards, with the spec's messages, so the schema only fixes their names and type. Besides the listing
 * fields, the spec's client sends its owner (`createBy`), `totalDuration`, and `Categories[0][…]` and
 * `episodes[0][…]` parts (author-and-content section 7); the server reads only `episodes[0][year_published]` of
 * those, and measures the duration itself.
 */
export const ListingFormBody = Type.Object(
  {
    ...optionalTexts(LISTING_FIELDS),
    createBy: Type.Optional(
      Type.String({
        maxLength: IGNORED_TEXT_MAX,
        description: 'the caller’s own id (the spec’s client sends it)',
      }),
    ),
    transcript: Type.Optional(
      Type.String({ maxLength: FORM_MAX_FIELD_BYTES, description: 'the podblurb’s text alternative' }),
    ),
    totalDuration: Type.Optional(
      Type.String({ maxLength: IGNORED_TEXT_MAX, description: 'ignored: the duration is read from the MP3' }),
    ),
    ...optionalTexts(SPEC_CLIENT_PARTS),
    // A form may name a file field without a file (nothing chosen); the files themselves are read apart.
    bookCoverImage: Type.Optional(Type.String({ maxLength: 0 })),
    authorImage: Type.Optional(Type.String({ maxLength: 0 })),
    podcast: Type.Optional(Type.String({ maxLength: 0 })),
  },
  { additionalProperties: false },
)
export type ListingFormBody = Static<typeof ListingFormBody>

/** The API's answers to a saved listing, in our words (the spec leaves them to the server): shown as the toast. */
export const LISTING_CREATED_MESSAGE = 'Book listed successfully. It will be public once approved.'
export const LISTING_UPDATED_MESSAGE = 'Listing updated successfully'
