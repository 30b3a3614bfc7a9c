import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads'

/**
 * Helper threads for the idea-search kernel: each runs the same WebAssembly kernel over its own part of the one
 * shared memory (rows to scan, or book slots to rank) while the calling thread runs the first part, so a search
 * over 100,000 books takes every core, as the native bare limit does. The call stays synchronous: the caller wakes
 * the helpers through Atomics on a small shared control block and waits on it (Node allows Atomics.wait on the main
 * thread; the wait lasts one part, milliseconds). No two threads ever write the same book's best: each scans its own
 * rows, and no book has rows in two parts; nor the same bucket counts: each ranks its slots into its own histogram.
 */

/**
 * One thread's share of a kernel call: the export and its arguments (byte offsets into the kernel memory, counts,
 * floats). Running it twice gives the same result as once (a failed helper's part is run again by the caller).
 */
export interface KernelCall {
  fn: (typeof KERNEL_CALLS)[number]
  args: number[]
}

/** The exports a helper may run, by their index in the control block's CMD word (1-based; STOP is 0). */
const KERNEL_CALLS = ['scanList', 'rank'] as const
/** Arguments a call takes at most (rank's) */
const MAX_ARGS = 16

/** Words of a helper's control block (Int32); a call's arguments are in a Float64Array beside it. */
const SEQ = 0 // bumped by the caller for each command
const DONE = 1 // set by the helper to the command's SEQ when finished
const CMD = 2 // STOP, or 1 + the index of the export in KERNEL_CALLS
const FAILED = 3 // 1 when the last command threw
const READY = 4 // 1 once the helper's loop runs
const ARGC = 5 // how many arguments the call takes
const WORDS = 6
const STOP = 0

/** A helper that has not finished its part by then is taken for stuck: the search fails rather than hang. */
const STUCK_MS = 30_000

/*
 * The helper's loop, in plain JavaScript (an eval worker: no loader or file lookup, the same from sources and from
 * dist). A new kernel memory (after the index grew) arrives on the port before the command that needs it, and is
 * read synchronously with receiveMessageOnPort, since the loop never returns to the event loop.
 */
const HELPER_SOURCE = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads')
const { module, control, args, port } = workerData
const calls = ${JSON.stringify(KERNEL_CALLS)}
let exports = null
Atomics.store(control, ${READY}, 1)
let seen = 0
for (;;) {
  Atomics.wait(control, ${SEQ}, seen)
  seen = Atomics.load(control, ${SEQ})
  if (control[${CMD}] === ${STOP}) break
  try {
    for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
      exports = new WebAssembly.Instance(module, { env: { memory: m.message } }).exports
    }
    exports[calls[control[${CMD}] - 1]](...args.subarray(0, control[${ARGC}]))
    Atomics.store(control, ${FAILED}, 0)
  } catch {
    Atomics.store(control, ${FAILED}, 1)
  }
  Atomics.store(control, ${DONE}, seen)
  Atomics.notify(control, ${DONE})
}
port.close()
`

interface Helper {
  worker: Worker
  control: Int32Array
  args: Float64Array
  port: MessagePort
  /** the kernel memory last sent to it */
  memory: object | null
}

export class ScanThreads {
  private readonly helpers: Helper[] = []
  private broken = false
  /** parts a helper failed and this thread scanned again */
  failures = 0

  /** Starts `count` helper threads for the compiled kernel `module`. */
  constructor(module: object, count: number) {
    for (let i = 0; i < count; i++) {
      const control = new Int32Array(new SharedArrayBuffer(WORDS * 4))
      const args = new Float64Array(new SharedArrayBuffer(MAX_ARGS * 8))
      const { port1, port2 } = new MessageChannel()
      const worker = new Worker(HELPER_SOURCE, {
        eval: true,
        workerData: { module, control, args, port: port2 },
        transferList: [port2],
      })
      // An idle helper must not keep the process alive; one that dies leaves its parts to the caller.
      worker.unref()
      worker.on('error', () => undefined)
      worker.on('exit', () => Atomics.store(control, READY, 0))
      this.helpers.push({ worker, control, args, port: port1, memory: null })
    }
  }

  /** Helpers running and waiting for work. */
  get ready() {
    return this.broken ? 0 : this.helpers.filter((h) => Atomics.load(h.control, READY) === 1).length
  }

  /** Threads a scan can use: the caller's and the helpers'. */
  get size() {
    return this.helpers.length + 1
  }

  /**
   * Runs `parts` of one kernel call on kernel `memory` (no two writing the same words): the first on this thread
   * with `runHere`, the others on ready helpers, or here too when a helper is not running (still starting, or
   * stopped).
   */
  run(memory: object, parts: readonly KernelCall[], runHere: (part: KernelCall) => void) {
    const sent: { helper: Helper; seq: number; part: KernelCall }[] = []
    const local: KernelCall[] = [parts[0]!]
    parts.slice(1).forEach((part, i) => {
      const helper = this.helpers[i]
      if (!helper || this.broken || Atomics.load(helper.control, READY) !== 1) local.push(part)
      else sent.push({ helper, seq: this.send(helper, memory, part), part })
    })
    for (const part of local) runHere(part)
    for (const { helper, seq, part } of sent) {
      this.awaitDone(helper, seq)
      // A helper that threw wrote only true maxima, or its own buckets, or nothing: running its part again here
      // keeps the result exact.
      if (Atomics.load(helper.control, FAILED) === 1) {
        this.failures++
        runHere(part)
      }
    }
  }

  /** Stops the helpers (their loops end; the threads exit). */
  close() {
    for (const h of this.helpers) {
      h.control[CMD] = STOP
      Atomics.add(h.control, SEQ, 1)
      Atomics.notify(h.control, SEQ)
    }
    this.helpers.length = 0
  }

  private send(helper: Helper, memory: object, part: KernelCall): number {
    if (helper.memory !== memory) {
      helper.port.postMessage(memory)
      helper.memory = memory
    }
    const c = helper.control
    helper.args.set(part.args)
    c[ARGC] = part.args.length
    c[CMD] = 1 + KERNEL_CALLS.indexOf(part.fn)
    const seq = Atomics.add(c, SEQ, 1) + 1
    Atomics.notify(c, SEQ)
    return seq
  }

  private awaitDone(helper: Helper, seq: number) {
    const c = helper.control
    const deadline = Date.now() + STUCK_MS
    for (let done = Atomics.load(c, DONE); done !== seq; done = Atomics.load(c, DONE)) {
      const left = deadline - Date.now()
      if (left <= 0) {
        this.broken = true
        throw new Error('an idea-search scan thread did not finish its part; scans now run on one thread')
      }
      Atomics.wait(c, DONE, done, left)
    }
  }
}
