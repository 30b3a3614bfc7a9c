import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_SHARED_DATA_DIR } from '@bookstrut/api/bench'
import { benchKeywordSentences } from './sentences.js'

/** `npm run bench:keyword-sentences [-- --data DIR] [--books 300]`: the one-sentence keyword searches (sentences.ts). */
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    data: { type: 'string', default: DEFAULT_SHARED_DATA_DIR },
    books: { type: 'string', default: '300' },
  },
  strict: true,
})
await benchKeywordSentences(path.resolve(values.data), Number(values.books))
