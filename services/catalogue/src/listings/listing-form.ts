import type { ListingField } from '@bookstrut/schemas'

/** What a create or update request carries once its body passed the schema: its fields and its files. */
export interface ListingForm {
  fields: Partial<Record<ListingField, string>>
  /** Other text parts the spec's client sends (createBy, episodes[0][year_published], ...). */
  extra: Record<string, string | undefined>
  cover?: Buffer
  authorImage?: Buffer
  /** The uploaded MP3 in a temporary file, removed by the api before the response is sent. */
  audioPath?: string
}
