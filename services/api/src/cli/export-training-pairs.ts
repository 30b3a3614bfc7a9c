import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import path from 'node:path'
import { booksRepo } from '@bookstrut/catalogue'
import { loadConfig } from '@bookstrut/core'
import { bookIdeas } from '@bookstrut/schemas'
import { DEFAULT_SHARED_DATA_DIR } from './shared-data.js'
import { agreedIdeaPairs, loadDevHoldOut } from './found-idea-pairs.js'
import { runOnDatabase } from './with-database.js'

/**
 * `npm run encoder:pairs -- OUT.jsonl`: the training pairs of our own catalogue's real ideas for the idea
 * encoder (`npm run encoder:train -- --catalogue-pairs OUT.jsonl`): for every approved, active listing with
 * ideas, `{"anchor": "<its three ideas>", "positive": "<title. description>"}`, one per line. The encoder makes
 * pseudo-ideas for the books this file does not cover (`--self-supervised`); a listing here takes precedence.
 * Then one pair per idea readers agreed finds a public book ("found it": `{"anchor": "<the idea>", "positive": ...}`),
 * except those the dev split of reddit-tomt-books-dev holds out (SHARED_DATA_DIR, default ../shared/data): a book
 * titled as a dev answer, an idea like a dev request's. Without that data at hand, no agreed pair is written.
 */
// The encoder's IDEA_JOINER (encoder/bookstrut_encoder/data.py): ideas read as a list, not one run-on sentence,
// exactly as the reader requests it is trained on are joined.
const IDEA_JOINER = '; '

const out = process.argv[2]
if (!out) {
  console.error('Usage: npm run encoder:pairs -- OUT.jsonl')
  process.exit(2)
}
await runOnDatabase(loadConfig(), async (db) => {
  const file = createWriteStream(path.resolve(out))
  let written = 0
  const publicIds = new Set<string>()
  let after: string | null = null
  for (;;) {
    const page = await booksRepo.publicBooksAfter(db, after, 1000)
    if (page.length === 0) break
    for (const book of page) {
      publicIds.add(book.id)
      const ideas = bookIdeas(book).map((i) => i.trim())
      if (ideas.length === 0 || !book.description.trim()) continue
      const line = JSON.stringify({
        anchor: ideas.join(IDEA_JOINER),
        positive: `${book.title}. ${book.description}`,
      })
      if (!file.write(`${line}\n`)) await once(file, 'drain')
      written += 1
    }
    after = page[page.length - 1]!.id
  }
  const dataDir = process.env.SHARED_DATA_DIR ?? DEFAULT_SHARED_DATA_DIR
  const holdOut = await loadDevHoldOut(dataDir).catch(() => null)
  if (!holdOut) console.log(`agreed "found it" ideas left out: no dev split under ${dataDir} to hold out`)
  else {
    const agreed = await agreedIdeaPairs(db, (id) => publicIds.has(id), holdOut)
    for (const pair of agreed.pairs) if (!file.write(`${JSON.stringify(pair)}\n`)) await once(file, 'drain')
    written += agreed.pairs.length
    console.log(`${agreed.pairs.length} agreed "found it" pairs (${agreed.heldOut} held out: dev split)`)
  }
  file.end()
  await once(file, 'finish')
  console.log(`${written} pairs written to ${out}`)
})
