import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { KeysMap } from 'bullmq'
import type { Redis } from 'ioredis'

/*
 * The one place that reads BullMQ's private Lua scripts (bullmq/dist/cjs/scripts/…, not a public API) for the bulk
 * paths (bulk-add-jobs.ts, bulk-jobs.ts). bullmq is pinned to an exact version in every package.json that lists it;
 * each script is checked against the SHA-256 of its Lua source in that version when it is loaded, so an upgrade that
 * renames or changes one stops here, naming the script, instead of running Lua our loops were not written against
 * (bullmq-scripts.test.ts checks the same in the suite).
 */

/** bullmq's version the scripts below were read in (and the one every package.json pins). */
export const BULLMQ_VERSION = '6.7.0'

/** Each script the bulk paths run: its file under bullmq/dist/cjs/scripts and its Lua source's SHA-256. */
export const BULLMQ_SCRIPTS = {
  addStandardJob: {
    file: 'addStandardJob-9.js',
    sha256: '2eee45c9ffc54d24681b737f926016a7f7464f0d32a5f87f623bffa2fc55413c',
  },
  moveToActive: {
    file: 'moveToActive-11.js',
    sha256: '7d35069db0b831af1bd1b2d5eb8d524e86fc7d3280b8c684a96b6614bad7d79a',
  },
  moveToFinished: {
    file: 'moveToFinished-14.js',
    sha256: '8e744ec5d65dbe9e7ffb6e39a96c0268bba65e4f0b1d04e2d2a42ccb71b45a6d',
  },
} as const
export type BullmqScriptName = keyof typeof BULLMQ_SCRIPTS

const require = createRequire(import.meta.url)

export class BullmqScriptChanged extends Error {}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The Lua source of one of BULLMQ_SCRIPTS as the installed bullmq ships it (includes expanded). Throws
 * BullmqScriptChanged, naming the script, when the file is gone or its source is not the one pinned.
 */
export const bullmqScript = (name: BullmqScriptName): string => readBullmqScript(name, BULLMQ_SCRIPTS[name])

/** bullmqScript for any file and pin (the test gives wrong ones to see the check fail). */
export function readBullmqScript(
  name: string,
  { file, sha256: pinned }: { file: string; sha256: string },
): string {
  let module: Record<string, { content?: unknown } | undefined>
  try {
    // The CommonJS build: no type declarations, hence the shape named here.
    module = require(`bullmq/dist/cjs/scripts/${file}`) as typeof module
  } catch (err) {
    throw new BullmqScriptChanged(
      `bullmq no longer ships the script ${file} (${name}) the bulk queue paths run (read in bullmq ${BULLMQ_VERSION}): ${String(err)}`,
    )
  }
  const content = module[name]?.content
  if (typeof content !== 'string')
    throw new BullmqScriptChanged(
      `bullmq's ${file} no longer exports ${name}.content (read in bullmq ${BULLMQ_VERSION})`,
    )
  const found = sha256(content)
  if (found !== pinned)
    throw new BullmqScriptChanged(
      `bullmq's script ${file} (${name}) changed: SHA-256 ${found}, pinned ${pinned} (bullmq ${BULLMQ_VERSION}). ` +
        'Re-read it against the loops in services/core/src/queues before updating the pin.',
    )
  return content
}

export type ScriptRunner = (numKeys: number, ...args: (string | number)[]) => Promise<unknown>

/** A Lua script as a command on `connection` (EVALSHA, with the source sent only when Redis does not know it). */
export function defineScript(connection: Redis, name: string, lua: string): ScriptRunner {
  const commands = connection as unknown as Record<string, ScriptRunner | undefined>
  if (!commands[name]) connection.defineCommand(name, { lua })
  const run = commands[name]!
  return (numKeys, ...args) => run.call(connection, numKeys, ...args)
}

/** A key of a BullMQ queue by its name in KeysMap; throws when this bullmq has no such key. */
export const queueKey =
  (queue: { keys: KeysMap }) =>
  (name: keyof KeysMap): string => {
    const value = queue.keys[name]
    if (!value)
      throw new Error(
        `BullMQ has no ${String(name)} key here (the bulk paths follow bullmq ${BULLMQ_VERSION})`,
      )
    return value
  }
