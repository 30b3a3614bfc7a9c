import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { IndexConfig } from 'usearch'

/**
 * The builder thread. usearch's `add` is synchronous native code: a million books' rows take the better part of an
 * hour, which on the api's own thread would stall every request for seconds per batch. So the graph is built here,
 * from batches the api thread posts, and saved to a file the api thread loads in one step. Evaluated source: the
 * thread has no loader for our TypeScript, and usearch is required by the path the caller resolved.
 */
const BUILDER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { Index } = require(workerData.usearch)
const graph = new Index(workerData.config)
parentPort.on('message', (m) => {
  try {
    if (m.save) {
      graph.save(m.save)
      parentPort.postMessage({ saved: m.save })
    } else {
      graph.add(m.keys, m.rows, workerData.threads)
      parentPort.postMessage({ added: m.keys.length })
    }
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.stack) || err) })
  }
})
`

const usearchPath = createRequire(import.meta.url).resolve('usearch')

/**
 * An HNSW graph built on its own thread: `add` batches (their buffers are moved to the thread, not copied), then
 * `save` it to a temporary file for `Index.load`, which ends the thread. One request at a time; `close` ends the
 * thread if it still runs and removes the file.
 */
export class GraphBuilder {
  private readonly worker: Worker
  private readonly file = path.join(tmpdir(), `bookstrut-graph-${randomUUID()}.usearch`)
  private waiting: { resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void } | null = null
  private failure: Error | null = null

  /** `threads`: native threads of each insertion (the caller leaves a core to serving). */
  constructor(config: IndexConfig, threads: number) {
    this.worker = new Worker(BUILDER_SOURCE, {
      eval: true,
      workerData: { usearch: usearchPath, config, threads },
    })
    this.worker.on('message', (m: Record<string, unknown>) => {
      const waiting = this.waiting
      this.waiting = null
      if (typeof m.error === 'string') waiting?.reject(new Error(`graph builder: ${m.error}`))
      else waiting?.resolve(m)
    })
    const fail = (err: Error) => {
      this.failure ??= err
      this.waiting?.reject(err)
      this.waiting = null
    }
    this.worker.on('error', fail)
    this.worker.on('exit', (code) => fail(new Error(`graph builder thread exited (${code})`)))
  }

  /** Inserts rows (int8, `keys.length` of them) into the graph; the arrays are handed over and unusable after. */
  async add(keys: BigUint64Array<ArrayBuffer>, rows: Int8Array<ArrayBuffer>): Promise<void> {
    await this.request({ keys, rows }, [keys.buffer, rows.buffer])
  }

  /**
   * Writes the graph to a file and returns its path (valid until close). The thread ends there, so its copy of the
   * graph is freed before the caller loads the file (not two copies at once: gigabytes at a million books).
   */
  async save(): Promise<string> {
    await this.request({ save: this.file }, [])
    await this.worker.terminate()
    return this.file
  }

  async close(): Promise<void> {
    await this.worker.terminate()
    rmSync(this.file, { force: true })
  }

  private request(message: object, transfer: ArrayBuffer[]): Promise<Record<string, unknown>> {
    if (this.failure) return Promise.reject(this.failure)
    if (this.waiting) return Promise.reject(new Error('graph builder: one request at a time'))
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.worker.postMessage(message, transfer)
    })
  }
}
