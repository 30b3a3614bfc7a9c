import { createHash } from 'node:crypto'
import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PASSAGE_SCHEME, type Embedder } from '@bookstrut/search'

/** Texts embedded per step: each step is appended to the partial file, so an interrupted run resumes there. */
const STEP = 256

/**
 * The vectors of `texts` (in order), from `<cacheDir>/<name>-<model>-<hash>.bin` when an earlier run stored
 * them. The hash covers the model, PASSAGE_SCHEME and every text, so a changed pool or passage scheme never
 * reads stale vectors. A missing file is computed in steps appended to a `.partial` file (an interrupted mpnet
 * run of ~40 minutes resumes where it stopped) and renamed when complete. The file is raw float32 rows.
 */
export async function cachedEmbeddings(
  embedder: Embedder,
  opts: { cacheDir: string; name: string; texts: readonly string[] },
): Promise<Float32Array[]> {
  const { texts } = opts
  const dim = embedder.dimensions
  const hash = createHash('sha256')
    .update(JSON.stringify({ model: embedder.modelId, scheme: PASSAGE_SCHEME, texts }))
    .digest('hex')
    .slice(0, 16)
  const file = path.join(
    opts.cacheDir,
    `${opts.name}-${embedder.modelId.replace(/[^A-Za-z0-9.-]+/g, '_')}-${hash}.bin`,
  )
  const partial = `${file}.partial`
  await mkdir(opts.cacheDir, { recursive: true })

  const rowBytes = dim * 4
  const complete = await sizeOf(file)
  if (complete !== texts.length * rowBytes) {
    let done = Math.floor((await sizeOf(partial)) / rowBytes)
    if (done * rowBytes !== (await sizeOf(partial))) done = 0 // a torn write: start over
    const started = performance.now()
    const first = done
    for (; done < texts.length; done += STEP) {
      const vectors = await embedder.embed(texts.slice(done, done + STEP))
      const bytes = Buffer.concat(vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength)))
      if (done === 0) await writeFile(partial, '') // a fresh start drops any torn partial file
      await appendFile(partial, bytes)
      progress(opts.name, done + vectors.length, texts.length, first, started)
    }
    if (process.stderr.isTTY) process.stderr.write('\n')
    await rename(partial, file)
  }
  const data = await readFile(file)
  // Float32Array needs a 4-byte aligned offset; a pooled Buffer may not have one.
  const bytes = data.byteOffset % 4 === 0 ? data : new Uint8Array(data)
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
  return Array.from({ length: texts.length }, (_, i) => all.subarray(i * dim, (i + 1) * dim))
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size
  } catch {
    return 0
  }
}

/** A line that rewrites itself on a terminal; in a log, one line per tenth of the work. */
function progress(name: string, done: number, total: number, first: number, started: number) {
  const step = Math.max(1, Math.ceil(total / 10 / STEP)) * STEP
  if (!process.stderr.isTTY && done < total && (done - first) % step >= STEP) return
  const rate = (done - first) / ((performance.now() - started) / 1000)
  const eta = rate > 0 ? Math.round((total - done) / rate) : 0
  const text = `  embedding ${name}: ${done}/${total} (${rate.toFixed(0)}/s, ~${Math.floor(eta / 60)}m${eta % 60}s left)`
  process.stderr.write(process.stderr.isTTY ? `\r${text}   ` : `${text}\n`)
}
