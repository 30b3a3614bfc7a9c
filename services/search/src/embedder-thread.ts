import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { createEmbedder, type Embedder, type EmbedderOptions } from './embedder.js'

/*
 * The embedder on its own thread. Tokenising and pooling a batch of long descriptions is synchronous JavaScript
 * (tens of milliseconds per batch): in the api process that would stall every request behind the embed worker's
 * jobs. Here it runs on a worker thread; the main thread only passes texts and vectors.
 */

type Request = { id: number; texts: string[] }
type Reply = { id: number; vectors?: Float32Array[]; error?: string }
type Ready = { ready: true; dimensions: number } | { ready: false; error: string }

if (!isMainThread && parentPort && (workerData as { embedderThread?: boolean } | null)?.embedderThread) {
  const port = parentPort
  const opts = (workerData as { options: EmbedderOptions }).options
  createEmbedder(opts).then(
    (embedder) => {
      port.postMessage({ ready: true, dimensions: embedder.dimensions } satisfies Ready)
      port.on('message', (req: Request) => {
        embedder.embed(req.texts).then(
          (vectors) => port.postMessage({ id: req.id, vectors } satisfies Reply),
          (err: unknown) => port.postMessage({ id: req.id, error: String(err) } satisfies Reply),
        )
      })
    },
    (err: unknown) => port.postMessage({ ready: false, error: String(err) } satisfies Ready),
  )
}

/** Same interface as `createEmbedder`, with inference on a worker thread. */
export async function createThreadedEmbedder(opts: EmbedderOptions): Promise<Embedder> {
  const data = { embedderThread: true, options: opts }
  // From TypeScript sources (tests, `npm run dev`) the thread registers the same loader (tsx) first.
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
          `.then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`,
        { eval: true, workerData: data },
      )
    : new Worker(new URL(import.meta.url), { workerData: data })
  const pending = new Map<number, { resolve(v: Float32Array[]): void; reject(e: Error): void }>()
  let nextId = 1
  let failure: Error | null = null

  const ready = await new Promise<Ready>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  if (!ready.ready) {
    await worker.terminate()
    throw new Error(`embedder thread could not load ${opts.modelId}: ${ready.error}`)
  }
  const failAll = (err: Error) => {
    failure = err
    for (const p of pending.values()) p.reject(err)
    pending.clear()
  }
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id)
    if (!p) return
    pending.delete(reply.id)
    if (reply.vectors) p.resolve(reply.vectors)
    else p.reject(new Error(reply.error ?? 'embedding failed'))
  })
  worker.on('error', failAll)
  worker.on('exit', () => failAll(new Error('embedder thread stopped')))

  return {
    modelId: opts.modelId,
    dimensions: ready.dimensions,
    embed(texts) {
      if (failure) return Promise.reject(failure)
      if (texts.length === 0) return Promise.resolve([])
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, texts: [...texts] } satisfies Request)
      })
    },
    async close() {
      worker.removeAllListeners('exit')
      await worker.terminate()
    },
  }
}
