import type { KeysMap } from 'bullmq'
import type { Redis } from 'ioredis'
import { bullmqScript, defineScript, queueKey } from './bullmq-scripts.js'

/*
 * Many BullMQ jobs taken and acknowledged per Redis call, for the ingest worker.
 *
 * Open-source BullMQ takes (moveToActive) and acknowledges (moveToFinished) one job per Lua call; at thousands of
 * events a second those calls, their round trips and the client-side work around each one cost more than the
 * analytics insert itself. These two scripts run BullMQ's OWN scripts (their Lua source, as BullMQ ships it) in a
 * loop inside one call: every job still gets exactly what BullMQ does to it (its lock with our token, its events,
 * the completed set and its trimming, the stalled bookkeeping), so BullMQ's stalled checker, moveToDelayed and
 * moveToFailed keep working on these jobs unchanged. Only the number of calls changes.
 */

const takeScript = () => `
local function takeOne(KEYS, ARGV)
${bullmqScript('moveToActive')}
end
-- ARGV: key prefix, timestamp, token, lock ms, worker name, how many
local name = nil
if ARGV[5] ~= '' then name = ARGV[5] end
local opts = { token = ARGV[3], lockDuration = tonumber(ARGV[4]), name = name }
local args = { ARGV[1], ARGV[2], cmsgpack.pack(opts) }
local out = {}
for i = 1, tonumber(ARGV[6]) do
  local r = takeOne(KEYS, args)
  -- {job hash, job id, ...} when a job was taken; {0, 0, ...} when none is waiting (or the queue is paused)
  if type(r[1]) ~= 'table' then break end
  out[#out + 1] = r[2]
  out[#out + 1] = r[1]
end
return out
`

const completeScript = () => `
local function finishOne(KEYS, ARGV)
${bullmqScript('moveToFinished')}
end
-- ARGV: timestamp, key prefix, token, worker name, lock ms, attempts, keep age (s, 0 = none), keep count, job ids…
local keepJobs = { count = tonumber(ARGV[8]) }
if tonumber(ARGV[7]) > 0 then keepJobs.age = tonumber(ARGV[7]) end
local opts = cmsgpack.pack({ token = ARGV[3], name = ARGV[4], lockDuration = tonumber(ARGV[5]),
  attempts = tonumber(ARGV[6]), keepJobs = keepJobs, maxMetricsSize = '',
  fpof = false, cpof = false, idof = false, rdof = false })
local codes = {}
for i = 9, #ARGV do
  local id = ARGV[i]
  KEYS[12] = ARGV[2] .. id
  codes[#codes + 1] = finishOne(KEYS, { id, ARGV[1], 'returnvalue', 'null', 'completed', '0', ARGV[2], opts })
end
return codes
`

/** A job taken off the queue: its id and its data (parsed, still unchecked). */
export interface TakenJob {
  id: string
  data: unknown
}

/** How BullMQ keeps completed jobs (its `removeOnComplete`): for `age` seconds, at most `count` of them. */
export interface KeepCompleted {
  age?: number
  count: number
}

export interface BulkJobs {
  /** Takes up to `max` waiting jobs (each locked for `lockMs` under our token), oldest first. */
  take(max: number): Promise<TakenJob[]>
  /** Moves jobs we hold to completed; answers the ids BullMQ refused (lock lost: the job is someone else's now). */
  complete(ids: readonly string[]): Promise<string[]>
}

/** The most jobs one call handles: a call blocks Redis for its length (≈ 30 µs a job). */
const PER_CALL = 500

interface QueueRef {
  keys: KeysMap
  toKey(type: string): string
}

export function bulkJobs(
  connection: Redis,
  queue: QueueRef,
  opts: { token: string; lockMs: number; workerName: string; attempts: number; keep: KeepCompleted },
): BulkJobs {
  const runTake = defineScript(connection, 'bookstrutTakeJobs', takeScript())
  const runComplete = defineScript(connection, 'bookstrutCompleteJobs', completeScript())
  const key = queueKey(queue)
  const prefix = queue.toKey('')
  // The key lists BullMQ's own callers pass (RedisQueueBackend.moveToActive / moveToFinishedArgs).
  const shared = (
    [
      'wait',
      'active',
      'prioritized',
      'events',
      'stalled',
      'limiter',
      'delayed',
      'paused',
      'meta',
      'pc',
    ] as const
  ).map(key)
  const takeKeys = [...shared, key('marker')]
  const completeKeys = [
    ...shared,
    key('completed'),
    '', // the job's key: set per job inside the script
    queue.toKey('metrics:completed'),
    key('marker'),
  ]

  return {
    async take(max) {
      const taken: TakenJob[] = []
      while (taken.length < max) {
        const want = Math.min(PER_CALL, max - taken.length)
        const flat = (await runTake(
          takeKeys.length,
          ...takeKeys,
          prefix,
          Date.now(),
          opts.token,
          opts.lockMs,
          opts.workerName,
          want,
        )) as (string | string[])[]
        for (let i = 0; i < flat.length; i += 2) {
          const hash = flat[i + 1] as string[]
          let data: unknown
          for (let f = 0; f < hash.length; f += 2)
            if (hash[f] === 'data') {
              try {
                data = JSON.parse(hash[f + 1]!)
              } catch {
                data = undefined // not JSON: the worker sends it to failed as not an event
              }
              break
            }
          taken.push({ id: flat[i] as string, data })
        }
        if (flat.length / 2 < want) break
      }
      return taken
    },
    async complete(ids) {
      const refused: string[] = []
      for (let i = 0; i < ids.length; i += PER_CALL) {
        const chunk = ids.slice(i, i + PER_CALL)
        const codes = (await runComplete(
          completeKeys.length,
          ...completeKeys,
          Date.now(),
          prefix,
          opts.token,
          opts.workerName,
          opts.lockMs,
          opts.attempts,
          opts.keep.age ?? 0,
          opts.keep.count,
          ...chunk,
        )) as number[]
        codes.forEach((code, j) => {
          if (code !== 0) refused.push(chunk[j]!)
        })
      }
      return refused
    },
  }
}
