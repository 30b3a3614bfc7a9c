/**
 * `node --conditions=source --import tsx bench/src/run.ts MODE [flags]`: the benches' runner (the root package.json's
 * `npm run bench:MODE` scripts call it). Each mode is one module, which reads its own flags from process.argv once
 * the mode's name is taken off, prints its figures and exits.
 */
const MODES = {
  quality: './quality/main.js', // search quality on reddit-tomt-books-dev (docs/benchmarks.md)
  search: './search/main.js', // idea and keyword search latency on synthetic catalogues
  events: './events.js', // events stored per second through the api
  pages: './pages.js', // server-rendered pages per second
  auth: './auth.js', // sign-up and log-in under the password hash
  import: './import-books.js', // the catalogue import
} as const

const mode = process.argv[2]
if (!mode || !Object.hasOwn(MODES, mode)) {
  console.error(`Usage: bench/src/run.ts ${Object.keys(MODES).join('|')} [flags]`)
  process.exit(2)
}
process.argv.splice(2, 1)
await import(MODES[mode as keyof typeof MODES])
