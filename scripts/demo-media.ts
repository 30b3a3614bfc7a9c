/**
 * Demo catalogue media (run by scripts/demo.sh before the importer):
 *
 *   node --import tsx scripts/demo-media.ts --source BOOKS.jsonl [--limit 300] [--audio 60]
 *
 * Takes the first `limit` books of a catalogue file and gives each a generated cover (PNG, 600×800: title and
 * author on a colour picked from the id) and the first `audio` books a short spoken podblurb (MP3, 10-20 s:
 * title, author and the description's first sentences, via espeak-ng, sox and lame). Files are cached under
 * DATA_DIR/demo-media/ by a hash of what they show, so later runs reuse them. Writes
 * DATA_DIR/demo-media/catalogue.jsonl (the books plus `cover`, `audio`, `transcript`) and prints its path.
 * Without the tools (or the DejaVu fonts for covers) it says so and leaves those fields out.
 */
import { execFile, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import sharp from 'sharp'
import { loadConfig } from '@bookstrut/core'

const run = promisify(execFile)
const log = (message: string) => process.stderr.write(`[demo-media] ${message}\n`)

const { values } = parseArgs({
  options: {
    source: { type: 'string' },
    limit: { type: 'string', default: '300' },
    audio: { type: 'string', default: '60' },
  },
})
const limit = Number(values.limit)
const audioLimit = Number(values.audio)
if (!values.source || !Number.isInteger(limit) || !Number.isInteger(audioLimit)) {
  log('usage: node --import tsx scripts/demo-media.ts --source BOOKS.jsonl [--limit 300] [--audio 60]')
  process.exit(2)
}
const source = path.resolve(values.source)
const cacheDir = path.join(loadConfig().dataDir, 'demo-media')
const MAX_SECONDS = 20

interface SourceBook {
  id?: unknown
  title?: unknown
  author?: unknown
  description?: unknown
  [field: string]: unknown
}

const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '')
const hash = (...parts: string[]) =>
  createHash('sha1').update(parts.join('\u0001')).digest('hex').slice(0, 12)
const safeName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'book'
const hasCommand = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0
const hasDejaVu = () =>
  /DejaVu/i.test(spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' }).stdout ?? '')

/** Writes through a temporary name so an interrupted run never leaves a half file in the cache. */
async function writeAtomically(target: string, produce: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = `${target}.${process.pid}.tmp`
  try {
    await produce(tmp)
    await rename(tmp, target)
  } finally {
    await rm(tmp, { force: true })
  }
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/** Greedy word wrap by character count (a fair guess for DejaVu at these sizes). */
function wrap(value: string, perLine: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of value.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (next.length > perLine && line) {
      lines.push(line)
      line = word
    } else {
      line = next
    }
  }
  if (line) lines.push(line)
  return lines
}

/** Bump when the drawing changes, so cached covers are redrawn. */
const COVER_DESIGN = 'v2'

function coverSvg(id: string, fullTitle: string, author: string): string {
  const hue = parseInt(hash(id).slice(0, 4), 16) % 360
  // "Title (Series, #1)": the series goes on a smaller line of its own.
  const [, title = fullTitle, series = ''] = /^(.+?)\s*\(([^()]+)\)$/.exec(fullTitle) ?? []
  const fits = [64, 54, 46, 38, 32].map((size) => {
    const perLine = Math.floor(500 / (size * 0.62))
    return { size, lines: wrap(title, perLine), perLine }
  })
  const { size, lines } = fits.find(
    (f) => f.lines.length <= 6 && f.lines.every((l) => l.length <= f.perLine),
  ) ??
    fits.at(-1) ?? { size: 32, lines: [title] }
  const top = 320 - ((lines.length - 1) * size * 1.2) / 2
  const titleLines = lines
    .slice(0, 7)
    .map((l, i) => `<tspan x="300" y="${Math.round(top + i * size * 1.2)}">${escapeXml(l)}</tspan>`)
    .join('')
  const seriesY = Math.round(top + (lines.length - 1) * size * 1.2 + 56)
  const seriesText = series
    ? `<text x="300" y="${seriesY}" font-family="DejaVu Serif" font-style="italic" font-size="26" fill="hsl(${hue}, 70%, 88%)" text-anchor="middle">${escapeXml(series.slice(0, 40))}</text>`
    : ''
  const authorText = wrap(author, 30)
    .slice(0, 2)
    .map((l, i) => `<tspan x="300" y="${660 + i * 38}">${escapeXml(l)}</tspan>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 55%, 38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 60%, 18%)"/>
  </linearGradient></defs>
  <rect width="600" height="800" fill="url(#g)"/>
  <rect x="28" y="28" width="544" height="744" fill="none" stroke="hsl(${hue}, 70%, 85%)" stroke-width="3" opacity="0.7"/>
  <text font-family="DejaVu Serif" font-weight="bold" font-size="${size}" fill="#fffaf0" text-anchor="middle">${titleLines}</text>
  ${seriesText}
  <line x1="200" y1="610" x2="400" y2="610" stroke="hsl(${hue}, 70%, 85%)" stroke-width="2"/>
  <text font-family="DejaVu Sans" font-size="30" fill="hsl(${hue}, 70%, 90%)" text-anchor="middle">${authorText}</text>
</svg>`
}

async function makeCover(id: string, title: string, author: string): Promise<string> {
  const relative = path.join('covers', `${safeName(id)}-${hash(COVER_DESIGN, id, title, author)}.png`)
  const target = path.join(cacheDir, relative)
  if (!existsSync(target)) {
    await writeAtomically(target, async (tmp) => {
      await sharp(Buffer.from(coverSvg(id, title, author)))
        .png()
        .toFile(tmp)
    })
  }
  return relative
}

/** What the podblurb says: title, author, then whole sentences of the description, about 30-45 words (10-20 s). */
function blurbText(title: string, author: string, description: string): string {
  const intro = `${title.replace(/\s*\([^()]+\)$/, '')}, by ${author}.`
  let words = intro.split(' ').length
  const said: string[] = []
  // Sentence ends, but not initials ("J.R.R. Tolkien") or abbreviations ("Dr. Who").
  for (const sentence of description.split(/(?<=[a-z0-9)"'”’]{3}[.!?]["'”’)]?)\s+(?=["“'‘]?[A-Z])/)) {
    const sentenceWords = sentence.split(' ')
    const room = 45 - words
    if (sentenceWords.length > room) {
      // Too long to say whole: say its start when the blurb is still short, else stop here.
      if (words < 20) said.push(`${sentenceWords.slice(0, room).join(' ')}…`)
      break
    }
    said.push(sentence)
    words += sentenceWords.length
    if (words >= 30) break
  }
  return [intro, ...said].join(' ')
}

async function makeAudio(id: string, spoken: string): Promise<string> {
  const relative = path.join('audio', `${safeName(id)}-${hash(id, spoken)}.mp3`)
  const target = path.join(cacheDir, relative)
  if (!existsSync(target)) {
    const speech = `${target}.${process.pid}.speech.wav`
    const shaped = `${target}.${process.pid}.wav`
    try {
      await run('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', speech, spoken])
      const { stdout } = await run('sox', ['--i', '-D', speech])
      const seconds = Number(stdout.trim())
      // A little silence around the speech; a long reading is cut at 20 s with a short fade.
      const effects =
        seconds > MAX_SECONDS
          ? ['trim', '0', String(MAX_SECONDS), 'fade', 't', '0', String(MAX_SECONDS), '0.6']
          : ['pad', '0.2', '0.4']
      await run('sox', [speech, '-r', '22050', '-c', '1', shaped, ...effects])
      await writeAtomically(target, async (tmp) => {
        await run('lame', ['--quiet', '-b', '64', shaped, tmp])
      })
    } finally {
      await rm(speech, { force: true })
      await rm(shaped, { force: true })
    }
  }
  return relative
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
) {
  const out = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T, i)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane))
  return out
}

const started = performance.now()
const lines = (await readFile(source, 'utf8'))
  .split('\n')
  .filter((l) => l.trim())
  .slice(0, limit)
const books = lines.map((line): SourceBook | null => {
  try {
    const parsed: unknown = JSON.parse(line)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as SourceBook)
      : null
  } catch {
    return null
  }
})

const covers = hasDejaVu()
const audioTools = ['espeak-ng', 'sox', 'lame'].filter((c) => !hasCommand(c))
if (!covers) log('no DejaVu fonts (apt: fonts-dejavu-core): importing without covers')
if (audioTools.length > 0)
  log(`missing ${audioTools.join(', ')} (apt: espeak-ng sox lame): importing without podblurbs`)
await mkdir(path.join(cacheDir, 'covers'), { recursive: true })
await mkdir(path.join(cacheDir, 'audio'), { recursive: true })

let coverCount = 0
let audioCount = 0
const out = await mapLimited(books, availableParallelism(), async (book, index) => {
  if (!book) return lines[index] ?? ''
  const id = text(typeof book.id === 'number' ? String(book.id) : book.id)
  const title = text(book.title)
  const author = text(book.author)
  const extra: Record<string, string> = {}
  if (id && title && author) {
    if (covers) {
      extra.cover = await makeCover(id, title, author)
      coverCount += 1
    }
    if (audioTools.length === 0 && index < audioLimit) {
      const spoken = blurbText(title, author, text(book.description))
      extra.audio = await makeAudio(id, spoken)
      extra.transcript = spoken
      audioCount += 1
    }
  }
  return JSON.stringify({ ...book, ...extra })
})

const catalogue = path.join(cacheDir, 'catalogue.jsonl')
await writeFile(catalogue, out.join('\n') + '\n')
log(
  `${books.length} books from ${path.relative(process.cwd(), source)}: ${coverCount} covers, ${audioCount} podblurbs ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s; cached in ${cacheDir})`,
)
console.log(catalogue)
