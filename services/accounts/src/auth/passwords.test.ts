import { describe, expect, it } from 'vitest'
import { AppError } from '@bookstrut/core'
import { HashGate, hashPassword, verifyPassword, type HashLane } from './passwords.js'

/** A task that finishes when the test says so, recording the order tasks started in. */
function controlled(started: string[], name: string) {
  let finish = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { task: () => (started.push(name), done), finish: () => finish() }
}

const tick = () => new Promise((r) => setImmediate(r))

describe('HashGate', () => {
  it('runs at most `concurrency` tasks and refuses a full lane with 429 at once', async () => {
    const gate = new HashGate(1, 2)
    const started: string[] = []
    const a = controlled(started, 'a')
    const b = controlled(started, 'b')
    const c = controlled(started, 'c')
    const runs = [gate.run('sign-up', a.task), gate.run('sign-up', b.task), gate.run('sign-up', c.task)]
    await tick()
    expect(started).toEqual(['a'])
    const refused = await gate.run('sign-up', () => Promise.resolve('d')).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    // Another lane still queues: a flood of sign-ups does not shut out sign-ins.
    const signIn = gate.run('sign-in', () => Promise.resolve('in'))
    a.finish()
    b.finish()
    c.finish()
    await Promise.all(runs)
    expect(await signIn).toBe('in')
  })

  it('serves waiting lanes round-robin, so sign-in waits behind at most one task of each other lane', async () => {
    const gate = new HashGate(1, 16)
    const started: string[] = []
    const first = controlled(started, 'first')
    const running = gate.run('sign-up', first.task)
    const queued: Array<Promise<unknown>> = []
    const add = (lane: HashLane, name: string) => queued.push(gate.run(lane, async () => started.push(name)))
    for (let i = 0; i < 5; i++) add('sign-up', `up${i}`)
    for (let i = 0; i < 5; i++) add('reset', `reset${i}`)
    add('sign-in', 'in')
    await tick()
    first.finish()
    await running
    await Promise.all(queued)
    expect(started.slice(0, 4)).toEqual(['first', 'in', 'up0', 'reset0'])
  })
})

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const stored = await hashPassword('secret123', 10, 'sign-up')
    expect(await verifyPassword('secret123', stored, 'sign-in')).toBe(true)
    expect(await verifyPassword('secret124', stored)).toBe(false)
    expect(await verifyPassword('secret123', 'plain$text')).toBe(false)
  })
})
