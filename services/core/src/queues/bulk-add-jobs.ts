import { Job, type Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { bullmqScript, defineScript, queueKey } from './bullmq-scripts.js'

/*
 * Many plain jobs (an id, data, the queue's default options) added in one Redis call, for the ingest queue's
 * thousands of events a second. BullMQ's addBulk builds a Job object, packs its arguments and runs its own
 * addStandardJob Lua script once per job; this runs that same script, as the installed bullmq ships it, in a loop
 * inside one script, with the arguments unpacked once: each job is stored exactly as BullMQ stores it (a repeated
 * job id is no new job, events, markers), and BullMQ's workers take them as their own (bulk-add-jobs.test.ts
 * compares the two field by field).
 */

/** The script's body, its two msgpack-unpacked arguments taken from the loop instead. */
function addOneFunction(): string {
  const steps: [string, string][] = [
    ['local args = cmsgpack.unpack(ARGV[1])', 'local args = ARGS'],
    ['local opts = cmsgpack.unpack(ARGV[3])', 'local opts = OPTS'],
  ]
  let body = bullmqScript('addStandardJob')
  for (const [from, to] of steps) {
    if (!body.includes(from))
      throw new Error(`bullmq's addStandardJob no longer reads "${from}": see bulk-add-jobs.ts`)
    body = body.replace(from, to)
  }
  return `local function addOne(KEYS, ARGV, ARGS, OPTS)\n${body}\nend`
}

const addScript = () => `
${addOneFunction()}
-- ARGV: key prefix, job name, timestamp, the options as JSON (without jobId), then job id and data, pairs
local template = cjson.decode(ARGV[4])
local ids = {}
for i = 5, #ARGV, 2 do
  local opts = {}
  for k, v in pairs(template) do opts[k] = v end
  opts['jobId'] = ARGV[i]
  -- BullMQ's argument list: prefix, custom id, name, timestamp, then no parent, repeat or deduplication
  local args = { ARGV[1], ARGV[i], ARGV[2], tonumber(ARGV[3]) }
  ids[#ids + 1] = addOne(KEYS, { '', ARGV[i + 1], '' }, args, opts)
end
return ids
`

/** The most jobs one call adds: a call blocks Redis for its length. */
const PER_CALL = 500

export type BulkAdd = (jobs: readonly { data: unknown; jobId: string }[]) => Promise<void>

/**
 * An adder for plain jobs on `queue` with its default options (no delay, priority, parent or deduplication: the
 * jobs the ingest queue takes). Same idempotency as BullMQ's: a job id already there is no new job.
 */
export function bulkAddJobs(connection: Redis, queue: Queue, name: string): BulkAdd {
  const run = defineScript(connection, 'bookstrutAddJobs', addScript())
  const keys = (
    ['wait', 'paused', 'meta', 'id', 'completed', 'delayed', 'active', 'events', 'marker'] as const
  ).map(queueKey(queue))
  // The options exactly as BullMQ's Job normalises them (attempts, backoff), less the id set per job.
  const { jobId: _jobId, ...template } = new Job(
    queue,
    name,
    {},
    { ...queue.defaultJobOptions, jobId: 'x' },
    'x',
  ).opts
  const optionsJson = JSON.stringify(template)
  const prefix = queue.toKey('')

  return async (jobs) => {
    for (let i = 0; i < jobs.length; i += PER_CALL) {
      const pairs: string[] = []
      for (const job of jobs.slice(i, i + PER_CALL)) pairs.push(job.jobId, JSON.stringify(job.data))
      await run(keys.length, ...keys, prefix, name, Date.now(), optionsJson, ...pairs)
    }
  }
}
