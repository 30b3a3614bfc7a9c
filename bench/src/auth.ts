import { loadavg } from 'node:os'
import { hashPassword } from '@bookstrut/accounts'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildTestApp, type TestApp, client, nextIp } from '@bookstrut/api/testing/app'
import { quantile } from './bench-stats.js'
import { readCommandLine } from './command-line.js'

/**
 * `npm run bench:auth -- [--signins 40] [--flooders 32]`: sign-in latency (p50/p95) at the production scrypt cost,
 * first alone, then while `flooders` clients hammer sign-up (a scrypt hash each) and password-reset step 3 (bogus
 * tokens, refused before any hash) from ever-new addresses, i.e. a flood the per-IP limits cannot stop. The
 * bounded, per-lane hash queue (services/core/src/auth/passwords.ts) is what keeps sign-in's wait short:
 * sign-in waits behind at most one hash of each other lane, and a full lane answers 429 at once.
 * Runs on the test PostgreSQL and Redis (TEST_DATABASE_URL, REDIS_URL) in a scratch database.
 */
const USAGE = 'Usage: npm run bench:auth -- [--signins 40] [--flooders 32]'

function parseCommandLine() {
  const settings = readCommandLine(
    {
      signins: { type: 'string', default: '40' },
      flooders: { type: 'string', default: '32' },
    },
    (values) => {
      const signins = Number(values.signins)
      const flooders = Number(values.flooders)
      if (!Number.isInteger(signins) || signins < 5 || !Number.isInteger(flooders) || flooders < 1)
        return null
      return { signins, flooders }
    },
  )
  if (settings) return settings
  console.error(USAGE)
  process.exit(2)
}

/** The production default (PASSWORD_HASH_COST): 32 MiB and tens of ms per hash. */
const HASH_COST = 15
const PASSWORD = 'secret123'

/** Sequential sign-ins to one account, each from a new address (so the per-IP limit stays out of the way). */
async function measureSignIns(t: TestApp, email: string, n: number) {
  const ms: number[] = []
  const statuses = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const started = performance.now()
    const res = await client(t.app, nextIp()).post('/login-user', { email, password: PASSWORD })
    ms.push(performance.now() - started)
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
  }
  return { ms, statuses }
}

/**
 * Reset codes for registered and unknown addresses, timed alike: step 1 for `n` of each (new addresses, so the
 * cooldown is not hit), then a wrong code for each. The two should not be told apart by their times.
 */
async function measureEnumeration(t: TestApp, n: number) {
  const known: string[] = []
  for (let i = 0; i < n; i++) {
    const { id } = await buildUser(t.app.db)
    const row = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    known.push(row.email)
  }
  const unknown = known.map((e) => `nobody.${e}`)
  const time = async (path: string, body: object) => {
    const started = performance.now()
    await client(t.app, nextIp()).post(path, body)
    return performance.now() - started
  }
  const result = {
    sendKnown: [] as number[],
    sendUnknown: [] as number[],
    checkKnown: [] as number[],
    checkUnknown: [] as number[],
  }
  // Interleaved, so drift in the machine's load hits both alike.
  for (let i = 0; i < n; i++) {
    result.sendKnown.push(await time('/sentOtp/user', { email: known[i] }))
    result.sendUnknown.push(await time('/sentOtp/user', { email: unknown[i] }))
  }
  for (let i = 0; i < n; i++) {
    result.checkKnown.push(await time('/verifyOtp/user', { email: known[i], otp: '0001' }))
    result.checkUnknown.push(await time('/verifyOtp/user', { email: unknown[i], otp: '0001' }))
  }
  return result
}

type FloodKind = 'sign-up' | 'reset'

/** Flood loops, shared out over `kinds` (sign-ups of new accounts, reset step 3 with made-up tokens); until `stop()`. */
function startFlood(t: TestApp, flooders: number, kinds: readonly FloodKind[]) {
  let running = true
  let seq = 0
  const statuses = new Map<string, number>()
  const count = (kind: string, status: number) =>
    statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1)
  const loop = async (kind: FloodKind) => {
    while (running) {
      const api = client(t.app, nextIp())
      const n = ++seq
      const res =
        kind === 'sign-up'
          ? await api.post('/user/create', {
              first_name: 'Flood',
              last_name: 'Er',
              email: `flood${n}.${Date.now()}@example.com`,
              password: `pw-${n}-flood`,
              role: 'reader',
            })
          : await api.post('/forgot-password/user', {
              email: `victim${n % 7}@example.com`,
              newPassword: '12345678',
              confirmPassword: '12345678',
              resetToken: `made-up-${n}`,
            })
      count(kind, res.status)
    }
  }
  const loops = Array.from({ length: flooders }, (_, i) => loop(kinds[i % kinds.length] ?? 'sign-up'))
  return {
    statuses,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`
const summary = (ms: number[]) =>
  `p50 ${fmt(quantile(ms, 0.5))}   p95 ${fmt(quantile(ms, 0.95))}   max ${fmt(Math.max(...ms))}`
const table = (m: Map<number | string, number>) =>
  [...m.entries()]
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')

async function main() {
  const { signins, flooders } = parseCommandLine()
  const t = await buildTestApp({ PASSWORD_HASH_COST: String(HASH_COST) })
  try {
    const { id } = await buildUser(t.app.db)
    await t.app.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD, HASH_COST) })
      .where('id', '=', id)
      .execute()
    const { email } = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

    const enumeration = await measureEnumeration(t, signins)
    await measureSignIns(t, email, 3) // warm-up: the decoy hash, JIT, pools
    const alone = await measureSignIns(t, email, signins)

    console.log(
      `bench:auth  scrypt cost 2^${HASH_COST}, ${signins} sequential sign-ins per phase, load average ${loadavg()[0]?.toFixed(1)}`,
    )
    console.log(`  sign-in alone                         ${summary(alone.ms)}   (${table(alone.statuses)})`)
    const floods: Array<[string, FloodKind[]]> = [
      ['sign-ups', ['sign-up']],
      ['sign-ups + resets', ['sign-up', 'reset']],
    ]
    for (const [label, kinds] of floods) {
      const flood = startFlood(t, flooders, kinds)
      await new Promise((r) => setTimeout(r, 1000)) // let the flood fill the queue
      const flooded = await measureSignIns(t, email, signins)
      await flood.stop()
      console.log(
        `  under ${flooders} clients flooding ${label.padEnd(17)} ${summary(flooded.ms)}   (${table(flooded.statuses)})`,
      )
      console.log(`    the flood's answers: ${table(flood.statuses)}`)
    }
    console.log(`reset codes, registered vs unknown addresses (${signins} each)`)
    console.log(`  POST /sentOtp/user    registered  ${summary(enumeration.sendKnown)}`)
    console.log(`                        unknown     ${summary(enumeration.sendUnknown)}`)
    console.log(`  POST /verifyOtp/user  registered  ${summary(enumeration.checkKnown)}`)
    console.log(`                        unknown     ${summary(enumeration.checkUnknown)}`)
  } finally {
    await t.close()
  }
}

await main()
