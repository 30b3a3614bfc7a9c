import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/**
 * The sanity set of bench:quality (sanity-set.json beside this file): well-known books of the demo catalogue,
 * each with three plain ideas a reader would type. The demo catalogue is what scripts/demo.sh imports: the
 * first DEMO_CATALOGUE_BOOKS books of goodreads-books-mix.
 */
export const DEMO_CATALOGUE_BOOKS = 300

const SanityFile = Type.Object({
  about: Type.String(),
  books: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      ideas: Type.Array(Type.String({ minLength: 1 }), { minItems: 3, maxItems: 3 }),
      /** a search readers reported (issue 34): it must put the book first, and is counted apart from the set */
      expectFirst: Type.Optional(Type.Boolean()),
    }),
  ),
})
const GoodreadsLine = Type.Object({ id: Type.String(), title: Type.String(), description: Type.String() })

export type SanityBook = Static<typeof SanityFile>['books'][number]
export type CatalogueBook = Static<typeof GoodreadsLine>

export async function loadSanitySet(
  dataDir: string,
): Promise<{ catalogue: CatalogueBook[]; books: SanityBook[] }> {
  const file: unknown = JSON.parse(await readFile(path.join(import.meta.dirname, 'sanity-set.json'), 'utf8'))
  if (!Value.Check(SanityFile, file)) throw new Error('sanity-set.json: unexpected shape')
  const lines = (await readFile(path.join(dataDir, 'goodreads-books-mix', 'books.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, DEMO_CATALOGUE_BOOKS)
  const catalogue = lines.map((line, i) => {
    const value: unknown = JSON.parse(line)
    if (!Value.Check(GoodreadsLine, value)) throw new Error(`goodreads-books-mix line ${i + 1}: unexpected`)
    return value
  })
  const ids = new Set(catalogue.map((b) => b.id))
  const missing = file.books.filter((b) => !ids.has(b.id))
  if (missing.length > 0)
    throw new Error(`sanity set books not in the demo catalogue: ${missing.map((b) => b.id).join(', ')}`)
  return { catalogue, books: file.books }
}
