import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox'
import { LISTING_FIELDS, type ListingField } from './listing-rules.js'

const formText = Type.String()

/**
 * The body of POST /create/podcast and PUT /update/podcast once a multipart form (or a JSON object) has become
 * plain text: every part is a string, as a form sends it. The listing's own rules (`validateListing`) judge the
 * values afterwards, with the spec's messages, so the schema only fixes their type. Other text parts the spec's
 * client sends (`createBy`, `transcript`, `episodes[0][year_published]`, …) are accepted as text.
 */
export const ListingFormBody = Type.Object(
  {
    ...(Object.fromEntries(LISTING_FIELDS.map((field) => [field, Type.Optional(formText)])) as Record<
      ListingField,
      TOptional<TString>
    >),
    createBy: Type.Optional(Type.String({ description: 'the caller’s own id (the spec’s client sends it)' })),
    transcript: Type.Optional(Type.String({ description: 'the podblurb’s text alternative' })),
  },
  { additionalProperties: formText },
)
export type ListingFormBody = Static<typeof ListingFormBody>
