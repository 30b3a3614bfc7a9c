import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  BULLMQ_SCRIPTS,
  BULLMQ_VERSION,
  BullmqScriptChanged,
  bullmqScript,
  readBullmqScript,
  sha256,
  type BullmqScriptName,
} from './bullmq-scripts.js'

// The bulk queue paths run BullMQ's private Lua scripts (bulk-add-jobs.ts, bulk-jobs.ts). An upgrade of bullmq that
// renames or changes one must fail here, naming the script, before the loops around it run in production.

const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '../../../..')

describe('the BullMQ scripts the bulk paths load', () => {
  it.each(Object.keys(BULLMQ_SCRIPTS) as BullmqScriptName[])(
    '%s is the script the loops were written against',
    (name) => {
      const { file, sha256: pinned } = BULLMQ_SCRIPTS[name]
      let content: string | undefined
      try {
        content = (require(`bullmq/dist/cjs/scripts/${file}`) as Record<string, { content: string }>)[name]
          ?.content
      } catch {
        content = undefined
      }
      expect(
        content,
        `bullmq ${installedVersion()} has no script ${file} exporting ${name} (renamed?)`,
      ).toBeTypeOf('string')
      expect(
        sha256(content!),
        `bullmq's ${file} (${name}) changed: re-read it against services/core/src/queues`,
      ).toBe(pinned)
      expect(bullmqScript(name)).toBe(content)
    },
  )

  it('refuses a script whose source is not the pinned one, naming it', () => {
    const changed = { ...BULLMQ_SCRIPTS.moveToActive, sha256: '0'.repeat(64) }
    expect(() => readBullmqScript('moveToActive', changed)).toThrow(BullmqScriptChanged)
    expect(() => readBullmqScript('moveToActive', changed)).toThrow(
      /moveToActive-11\.js \(moveToActive\) changed/,
    )
  })

  it('refuses a script that is gone (renamed), naming it', () => {
    const renamed = { file: 'moveToActive-12.js', sha256: BULLMQ_SCRIPTS.moveToActive.sha256 }
    expect(() => readBullmqScript('moveToActive', renamed)).toThrow(
      /no longer ships the script moveToActive-12\.js/,
    )
  })

  it('is the bullmq installed, and every package.json that lists bullmq pins exactly that version', () => {
    expect(installedVersion()).toBe(BULLMQ_VERSION)
    const workspaces = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces
    const listing = workspaces.flatMap((ws) => {
      const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >
      const range = pkg.dependencies?.bullmq ?? pkg.devDependencies?.bullmq
      return range === undefined ? [] : [[ws, range]]
    })
    expect(listing.length).toBeGreaterThan(0)
    for (const [ws, range] of listing) expect(range, `${ws}/package.json`).toBe(BULLMQ_VERSION)
  })
})

function installedVersion(): string {
  return (require('bullmq/package.json') as { version: string }).version
}
