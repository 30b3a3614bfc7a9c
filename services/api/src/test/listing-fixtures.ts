/**
 * One book an author lists in the api tests: the fields a listing form must carry, and the same with the optional
 * ones most tests also send. Shared so every test that lists a book posts the same, valid values.
 */
export const LIGHTHOUSE_REQUIRED_FIELDS = {
  title: 'The Lighthouse Keeper',
  author: 'Mara Quill',
  categoryName: 'Literary Fiction',
  primary_key: 'A lonely keeper guards a light on a remote island',
  secondary_key: 'A shipwreck brings a stranger with a secret to the shore',
  additional_key: 'Grief slowly gives way to an unlikely friendship',
  description:
    'On a wind-battered island a keeper tends the last manual lighthouse of the coast, until a storm brings a stranger.',
  get_this_url: 'books.example/lighthouse',
}

export const LIGHTHOUSE_FIELDS = {
  ...LIGHTHOUSE_REQUIRED_FIELDS,
  publisher: 'Harbour Press',
  year_published: '2021',
  language: 'en-US',
}
