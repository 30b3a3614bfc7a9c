import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import path from 'node:path'
import { booksRepo } from '@bookstrut/catalogue'
import { createDb, createLogger, loadConfig, migrateToLatest } from '@bookstrut/core'
import { prepareStores } from '../runtime.js'

/**
 * `npm run encoder:pairs -- OUT.jsonl`: the training pairs of our own catalogue's real ideas for the idea
 * encoder (`npm run encoder:train -- --catalogue-pairs OUT.jsonl`): for every approved, active listing with
 * ideas, `{"anchor": "<its three ideas>", "positive": "<title. description>"}`, one per line. The encoder makes
 * pseudo-ideas for the books this file does not cover (`--self-supervised`); a listing here takes precedence.
 */
// The encoder's IDEA_JOINER (encoder/bookstrut_encoder/data.py): ideas read as a list, not one run-on sentence,
// exactly as the reader requests it is trained on are joined.
const IDEA_JOINER = '; '

const out = process.argv[2]
if (!out) {
  console.error('Usage: npm run encoder:pairs -- OUT.jsonl')
  process.exit(2)
}
const config = loadConfig()
const stores = await prepareStores(config, createLogger('warn'), { redis: false }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const db = createDb(stores.databaseUrl, 1)
const file = createWriteStream(path.resolve(out))
let written = 0
let exitCode = 0
try {
  await migrateToLatest(db)
  let after: string | null = null
  for (;;) {
    const page = await booksRepo.publicBooksAfter(db, after, 1000)
    if (page.length === 0) break
    for (const book of page) {
      const ideas = [book.primary_key, book.secondary_key, book.additional_key]
        .map((i) => i.trim())
        .filter(Boolean)
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
  file.end()
  await once(file, 'finish')
  console.log(`${written} pairs written to ${out}`)
} catch (err) {
  exitCode = 1
  console.error(err)
} finally {
  await db.destroy()
  await stores.stop()
}
process.exit(exitCode)
