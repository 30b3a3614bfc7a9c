import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { testRedisUrl } from '@bookstrut/core/testing'

// The workers' own process (the split setup) refuses to start on the embedded analytics store: chDB's folder has
// one owner process, and in a split setup the api is another process.

function runMain(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
    {
      env: { PATH: process.env.PATH ?? '', REDIS_URL: testRedisUrl, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out })),
  )
}

describe('workers in their own process', () => {
  it('refuses to start without CLICKHOUSE_URL, in one line, before touching any store', async () => {
    const { code, out } = await runMain({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })
    expect(code).toBe(1)
    const lines = out.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/CLICKHOUSE_URL is required when the workers run as their own process/)
  }, 60_000)

  it('is refused just as well when it is told RUN_WORKERS=false', async () => {
    const { code, out } = await runMain({ RUN_WORKERS: 'false' })
    expect(code).toBe(1)
    expect(out).toMatch(/RUN_WORKERS=false \(workers in their own process\) needs CLICKHOUSE_URL/)
  }, 60_000)
})
