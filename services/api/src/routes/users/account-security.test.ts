import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '@bookstrut/accounts'
import { buildUser, loginDelayMs, verifyPassword } from '@bookstrut/accounts/testing'
import type { TestApp } from '../../test/test-app.js'
import { closeAppWithMailbox, startAppWithMailbox, type Mailbox } from '../../test/app-with-mailbox.js'
import { client, nextIp } from '../../test/api-client.js'

// The attacks of issue 12 on accounts and passwords, each against the real API (Postgres, Redis, SMTP stand-in).

let t: TestApp
let smtp: Mailbox
let seq = 0
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.com`
const RESET_COOLDOWN_MS = 121_000

beforeAll(async () => ({ t, smtp } = await startAppWithMailbox()))
afterAll(() => closeAppWithMailbox(t, smtp))

/** A verified account (written by the factory, so it has spent none of its daily codes), with its e-mail. */
async function account(role: 'reader' | 'author' | 'publisher' | 'admin' = 'reader') {
  const { id, token } = await buildUser(t.app.db, { role })
  const row = await t.app.db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { id, token, email: row.email, passwordHash: row.password_hash }
}

const passwordHashOf = async (id: string) =>
  (await t.app.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
    .password_hash

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.toLowerCase() === email).length

/** Asks for a reset code and returns the mailed digits (the n-th mail to that address). */
async function resetCode(email: string, n: number, api = client(t.app)) {
  const sent = await api.post('/sentOtp/user', { email })
  expect(sent.status).toBe(200)
  return smtp.codeFor(email, n)
}

const wrongCodeFor = (code: string) => (code === '1111' ? '2222' : '1111')
/** One wrong try at the reset code `code` of `email`, from the address of `from`. */
const wrongTry = (from: ReturnType<typeof client>, email: string, code: string) =>
  from.post('/verifyOtp/user', { email, otp: wrongCodeFor(code) })

const newPassword = (pw: string, resetToken: unknown, email: string) => ({
  email,
  newPassword: pw,
  confirmPassword: pw,
  resetToken,
})

describe('password reset: step 3 needs the one-time token of step 2', () => {
  it('refuses a caller who knows only the e-mail, right after the owner verified a code (the takeover)', async () => {
    const owner = await account()
    const code = await resetCode(owner.email, 1)
    const verified = await client(t.app).post('/verifyOtp/user', { email: owner.email, otp: code })
    expect(verified.status).toBe(200)

    const attacker = client(t.app)
    const withoutToken = await attacker.post('/forgot-password/user', {
      email: owner.email,
      newPassword: '666666',
      confirmPassword: '666666',
    })
    expect(withoutToken.status).toBe(400)
    expect(withoutToken.body).toMatchObject({
      success: false,
      message: 'Please verify the code sent to your email first.',
    })
    const madeUp = await attacker.post(
      '/forgot-password/user',
      newPassword('666666', 'x'.repeat(43), owner.email),
    )
    expect(madeUp.status).toBe(400)
    expect(madeUp.body.code).toBe('OTP_REQUIRED')
    // Nothing changed: the owner's password and session are as they were.
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)
    expect((await client(t.app).post('/refresh-token/user', { token: owner.token })).status).toBe(200)
    // Only the owner, who verified the code, holds the token that step 3 needs.
    expect(verified.body.data.resetToken).toEqual(expect.any(String))
  })

  it("refuses another account's token (forged: the token is bound to the account it was issued for)", async () => {
    const victim = await account()
    const mallory = await account()
    const code = await resetCode(mallory.email, 1)
    const { resetToken } = (await client(t.app).post('/verifyOtp/user', { email: mallory.email, otp: code }))
      .body.data as { resetToken: string }
    const forged = await client(t.app).post(
      '/forgot-password/user',
      newPassword('666666', resetToken, victim.email),
    )
    expect(forged.status).toBe(400)
    expect(forged.body.code).toBe('OTP_REQUIRED')
    expect(await passwordHashOf(victim.id)).toBe(victim.passwordHash)
    // Mallory's own token still works for her own account: the refusal spent nothing.
    const own = await client(t.app).post(
      '/forgot-password/user',
      newPassword('777777', resetToken, mallory.email),
    )
    expect(own.status).toBe(200)
  })

  it('stores only the hash, works once, ends every session and dies with a newer code', async () => {
    const owner = await account()
    const secondSession = (
      await client(t.app).post('/login-user', { email: owner.email, password: 'secret123' })
    ).body.data.token as string
    const code = await resetCode(owner.email, 1)
    const first = (await client(t.app).post('/verifyOtp/user', { email: owner.email, otp: code })).body.data
      .resetToken as string
    const rows = await t.app.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', owner.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(hashToken(first))
    expect(JSON.stringify(rows)).not.toContain(first)
    // The code itself was used up by step 2.
    expect((await client(t.app).post('/verifyOtp/user', { email: owner.email, otp: code })).body.code).toBe(
      'OTP_EXPIRED',
    )

    // A newer code voids the token of the older one.
    t.clock.advance(RESET_COOLDOWN_MS)
    const newer = await resetCode(owner.email, 2)
    const voided = await client(t.app).post(
      '/forgot-password/user',
      newPassword('111111', first, owner.email),
    )
    expect(voided.status).toBe(400)
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)

    const second = (await client(t.app).post('/verifyOtp/user', { email: owner.email, otp: newer })).body.data
      .resetToken as string
    const done = await client(t.app).post('/forgot-password/user', newPassword('222222', second, owner.email))
    expect(done.status).toBe(200)
    expect(await verifyPassword('222222', await passwordHashOf(owner.id))).toBe(true)
    for (const token of [owner.token, secondSession])
      expect((await client(t.app).post('/refresh-token/user', { token })).status).toBe(401)
    // Once only.
    const again = await client(t.app).post(
      '/forgot-password/user',
      newPassword('333333', second, owner.email),
    )
    expect(again.status).toBe(400)
    expect(await verifyPassword('222222', await passwordHashOf(owner.id))).toBe(true)
  })

  it('expires a token after 10 minutes', async () => {
    const owner = await account()
    const code = await resetCode(owner.email, 1)
    const token = (await client(t.app).post('/verifyOtp/user', { email: owner.email, otp: code })).body.data
      .resetToken as string
    t.clock.advance(10 * 60_000 + 1000)
    const late = await client(t.app).post('/forgot-password/user', newPassword('444444', token, owner.email))
    expect(late.status).toBe(400)
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)
  })

  it.each([
    ['a number', 12345],
    ['an object', { $ne: null }],
    ['an empty string', ''],
    ['10,000 characters', 'a'.repeat(10_000)],
  ])('answers a reset token that is %s with a clear 400 and changes nothing', async (_name, resetToken) => {
    const owner = await account()
    const res = await client(t.app).post(
      '/forgot-password/user',
      newPassword('555555', resetToken, owner.email),
    )
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) })
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)
  })

  it('rate-limits step 3 per IP: 20 an hour, refused before any token is looked at', async () => {
    const owner = await account()
    const api = client(t.app)
    for (let i = 0; i < 20; i++)
      expect(
        (await api.post('/forgot-password/user', newPassword('555555', `bogus${i}`, owner.email))).status,
      ).toBe(400)
    const limited = await api.post('/forgot-password/user', newPassword('555555', 'bogus', owner.email))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('reset-code guessing: daily caps', () => {
  it('allows 5 wrong tries a day per account from new addresses, 3 per address, then refuses even the right code', async () => {
    // A factory account has never signed in: every address is new to it.
    const owner = await account()
    const first = await resetCode(owner.email, 1)
    const guesser = client(t.app)
    for (let i = 0; i < 3; i++)
      expect((await wrongTry(guesser, owner.email, first)).body.code).toBe('OTP_INVALID')
    // That address is done with this account for the day, even with the right code.
    const pairLocked = await guesser.post('/verifyOtp/user', { email: owner.email, otp: first })
    expect(pairLocked.status).toBe(429)
    t.clock.advance(RESET_COOLDOWN_MS)
    const second = await resetCode(owner.email, 2)
    const other = client(t.app)
    for (let i = 0; i < 2; i++)
      expect((await wrongTry(other, owner.email, second)).body.code).toBe('OTP_INVALID')
    // 5 wrong tries from new addresses: every new address is refused now, before the code is looked at.
    const right = await client(t.app).post('/verifyOtp/user', { email: owner.email, otp: second })
    expect(right.status).toBe(429)
    expect(right.body.code).toBe('RATE_LIMITED')
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
    expect(
      await t.app.db
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('user_id', '=', owner.id)
        .execute(),
    ).toEqual([])
  })

  it('sends at most 3 codes a day per account to requests from new addresses', async () => {
    const owner = await account()
    for (let n = 1; n <= 3; n++) {
      await resetCode(owner.email, n)
      t.clock.advance(RESET_COOLDOWN_MS)
    }
    const fourth = await client(t.app).post('/sentOtp/user', { email: owner.email })
    expect(fourth.status).toBe(429)
    expect(fourth.body.code).toBe('RATE_LIMITED')
    await new Promise((r) => setTimeout(r, 300))
    expect(mailsTo(owner.email)).toBe(3)
  })

  it('allows 30 wrong tries a day per IP across accounts', async () => {
    const guesser = client(t.app)
    const targets = await Promise.all(Array.from({ length: 11 }, () => account()))
    for (const target of targets.slice(0, 10)) {
      const code = await resetCode(target.email, 1)
      for (let i = 0; i < 3; i++)
        expect((await wrongTry(guesser, target.email, code)).body.code).toBe('OTP_INVALID')
    }
    const last = targets[10]
    if (!last) throw new Error('eleven targets')
    const code = await resetCode(last.email, 1)
    expect((await guesser.post('/verifyOtp/user', { email: last.email, otp: code })).status).toBe(429)
    // Another address is not affected.
    expect((await client(t.app).post('/verifyOtp/user', { email: last.email, otp: code })).status).toBe(200)
  })
})

describe("a stranger cannot block the owner's password reset (issue 29)", () => {
  /** An account that signed in from `home`: its usual address. */
  async function ownerAt(home: string) {
    const owner = await account()
    const signedIn = await client(t.app, home).post('/login-user', {
      email: owner.email,
      password: 'secret123',
    })
    expect(signedIn.status).toBe(200)
    return owner
  }
  const strangers = (n: number) => Array.from({ length: n }, () => client(t.app))

  it("5 wrong codes from 5 addresses leave the owner's code working from their usual address", async () => {
    const home = nextIp()
    const owner = await ownerAt(home)
    const code = await resetCode(owner.email, 1, client(t.app, home))
    const answers: number[] = []
    for (const stranger of strangers(5))
      for (let i = 0; i < 2; i++) answers.push((await wrongTry(stranger, owner.email, code)).status)
    // The strangers' share is used up (5 × 400, then 429)...
    expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429])
    // ...and asking for codes (past the cooldown) gets them the same answer but leaves the owner's code alone.
    t.clock.advance(RESET_COOLDOWN_MS)
    for (const stranger of strangers(3))
      expect((await stranger.post('/sentOtp/user', { email: owner.email })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect(mailsTo(owner.email)).toBe(1)
    const own = await client(t.app, home).post('/verifyOtp/user', { email: owner.email, otp: code })
    expect(own.status).toBe(200)
    expect(own.body.data.resetToken).toEqual(expect.any(String))
  })

  it('codes used up from other addresses leave the owner a code of their own, at once', async () => {
    const home = nextIp()
    const owner = await ownerAt(home)
    for (const [i, stranger] of strangers(3).entries()) {
      expect((await stranger.post('/sentOtp/user', { email: owner.email })).status).toBe(200)
      if (i < 2) t.clock.advance(RESET_COOLDOWN_MS)
    }
    // The owner, within the last stranger's cooldown, gets a code of their own at once.
    const code = await resetCode(owner.email, 4, client(t.app, home))
    // The strangers' daily codes are used up; the owner's were not touched.
    t.clock.advance(RESET_COOLDOWN_MS)
    const refused = await client(t.app).post('/sentOtp/user', { email: owner.email })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
    // The strangers burn what they can on it, then the owner uses it.
    for (const stranger of strangers(3)) await wrongTry(stranger, owner.email, code)
    const own = await client(t.app, home).post('/verifyOtp/user', { email: owner.email, otp: code })
    expect(own.status).toBe(200)
    const done = await client(t.app, home).post(
      '/forgot-password/user',
      newPassword('290290', own.body.data.resetToken, owner.email),
    )
    expect(done.status).toBe(200)
    expect(await verifyPassword('290290', await passwordHashOf(owner.id))).toBe(true)
  })

  it('treats an IPv6 owner on the same /64 as at home, and caps guessing from the usual addresses too', async () => {
    const owner = await account()
    const office = nextIp()
    for (const address of ['2001:db8:29:1::a', office]) {
      const signedIn = await client(t.app, address).post('/login-user', {
        email: owner.email,
        password: 'secret123',
      })
      expect(signedIn.status).toBe(200)
    }
    // Another address in the same /64 (a privacy address of the same phone or home network) is usual.
    const phone = client(t.app, '2001:db8:29:1:ffff::b')
    const code = await resetCode(owner.email, 1, phone)
    // Even from there, wrong tries are capped: 3 per network (the /64: the laptop beside the phone shares them),
    // 5 per account from the usual addresses (the office adds 2, then 429).
    const laptop = client(t.app, '2001:db8:29:1::c')
    const atOffice = client(t.app, office)
    const statuses: number[] = []
    for (const api of [phone, phone, phone, laptop, atOffice, atOffice, atOffice])
      statuses.push((await wrongTry(api, owner.email, code)).status)
    expect(statuses).toEqual([400, 400, 400, 429, 400, 400, 429])
    // A stranger elsewhere was not using that share: the strangers' 5 tries are still whole.
    const stranger = await client(t.app).post('/verifyOtp/user', {
      email: owner.email,
      otp: wrongCodeFor(code),
    })
    expect(stranger.body).toMatchObject({ code: 'OTP_INVALID', data: { attemptsLeft: 2 } })
  })
})

describe('sign-in lock-out cannot be used as a weapon', () => {
  it('never locks the account: failures from many addresses only slow it, the owner still signs in', async () => {
    const owner = await account()
    for (let i = 0; i < 6; i++)
      expect(
        (await client(t.app).post('/login-user', { email: owner.email, password: 'guess' })).status,
      ).toBe(401)
    const signIn = await client(t.app).post('/login-user', { email: owner.email, password: 'secret123' })
    expect(signIn.status).toBe(200)
    expect(signIn.body.data._id).toBe(owner.id)
  })

  it('slows sign-ins to an account by its failures from the same kind of address: three free, then doubling from 250 ms, at most 3 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(loginDelayMs)).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 3000, 3000,
    ])
  })
})

describe('account enumeration through the reset codes', () => {
  it('answers /sentOtp/user and /verifyOtp/user alike for unknown and registered addresses, and mails nobody', async () => {
    const known = await account()
    const unknown = uniqueEmail('nobody')
    const api = client(t.app)
    const answers = async (email: string) => {
      const first = await api.post('/sentOtp/user', { email })
      const again = await api.post('/sentOtp/user', { email })
      const guesses = []
      for (let i = 0; i < 4; i++) guesses.push(await api.post('/verifyOtp/user', { email, otp: '0001' }))
      // The e-mail is echoed back, and a day's counters started a moment apart; everything else must be the same.
      const strip = (a: { status: number; body: unknown }) =>
        JSON.parse(
          JSON.stringify({ status: a.status, body: a.body })
            .replaceAll(email, 'EMAIL')
            .replace(/"retryAfter":\d+/g, '"retryAfter":0')
            .replace(/in \d+ (minutes|seconds)/g, 'in some time'),
        ) as unknown
      return [first, again, ...guesses].map(strip)
    }
    const before = smtp.mails.length
    const forUnknown = await answers(unknown)
    expect(smtp.mails.length).toBe(before)
    const forKnown = await answers(known.email)
    expect(forUnknown).toEqual(forKnown)
    expect(forKnown[1]).toMatchObject({ status: 429, body: { code: 'OTP_COOLDOWN' } })
    // Three tries a day per address: attemptsLeft says so, and the fourth is refused before the code is read.
    expect(forKnown.slice(2).map((a) => (a as { body: { data: unknown } }).body.data)).toMatchObject([
      { attemptsLeft: 2 },
      { attemptsLeft: 1 },
      { attemptsLeft: 0 },
      { retryAfter: 0 },
    ])
    expect(forKnown[5]).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
  })
})

describe('GET /get/single/user: who sees which account', () => {
  it('shows authors and publishers publicly, but readers and admins only to themselves and admins (404 otherwise)', async () => {
    const reader = await account('reader')
    const otherReader = await account('reader')
    const admin = await account('admin')
    const author = await account('author')
    const publisher = await account('publisher')
    const get = (id: string, token?: string) => client(t.app).get(`/get/single/user?userId=${id}`, { token })

    for (const id of [author.id, publisher.id]) {
      const res = await get(id)
      expect(res.status).toBe(200)
      expect(res.body.data).not.toHaveProperty('email')
    }
    // Forged ids: anybody else asking for a reader or an admin learns nothing, not even that the account exists.
    for (const [id, token] of [
      [reader.id, undefined],
      [reader.id, otherReader.token],
      [reader.id, author.token],
      [admin.id, undefined],
      [admin.id, reader.token],
    ] as const) {
      const res = await get(id, token)
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'User not found' })
      expect(JSON.stringify(res.body)).not.toContain('admin')
    }
    expect((await get(reader.id, reader.token)).body.data).toMatchObject({
      email: reader.email,
      role: 'reader',
    })
    expect((await get(admin.id, admin.token)).body.data).toMatchObject({ role: 'admin' })
    expect((await get(reader.id, admin.token)).body.data).toMatchObject({ email: reader.email })
  })
})

describe('password endpoints under a flood', () => {
  it('limits sign-ups per IP before hashing or writing anything', async () => {
    const api = client(t.app)
    for (let i = 0; i < 20; i++) {
      const res = await api.post('/user/create', {
        first_name: 'F',
        last_name: 'L',
        email: uniqueEmail('flood'),
        password: 'secret123',
        role: 'reader',
      })
      // After 10 codes an hour per IP the mail limit answers 429 as well; the sign-up limit is the 21st.
      expect([201, 429]).toContain(res.status)
    }
    const email = uniqueEmail('flood')
    const limited = await api.post('/user/create', {
      first_name: 'F',
      last_name: 'L',
      email,
      password: 'secret123',
      role: 'reader',
    })
    expect(limited.status).toBe(429)
    const rows = await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute()
    expect(rows).toEqual([])
  })

  it('limits password changes to 10 an hour per account; the 11th changes nothing', async () => {
    const owner = await account()
    const api = client(t.app, nextIp())
    for (let i = 0; i < 10; i++) {
      const pw = `changed${i}`
      const res = await api.put(
        `/update/user?id=${owner.id}`,
        { password: pw, confirm_password: pw, current_password: i === 0 ? 'secret123' : `changed${i - 1}` },
        { token: owner.token },
      )
      expect(res.status).toBe(200)
    }
    const limited = await api.put(
      `/update/user?id=${owner.id}`,
      { password: 'changed10', confirm_password: 'changed10', current_password: 'changed9' },
      { token: owner.token },
    )
    expect(limited.status).toBe(429)
    expect(await verifyPassword('changed9', await passwordHashOf(owner.id))).toBe(true)
  })
})

describe('password spraying (issue 45, NIST SP 800-63B 5.2.2)', () => {
  it('evaluates at most 10 passwords a minute for one account from 40 addresses and 8 parallel clients, while the owner signs in from home', async () => {
    const home = nextIp()
    const owner = await account()
    expect(
      (await client(t.app, home).post('/login-user', { email: owner.email, password: 'secret123' })).status,
    ).toBe(200)
    // The attack: 40 addresses, 8 requests in flight at a time, each a wrong password.
    const sprayers = Array.from({ length: 40 }, () => client(t.app))
    const statuses: number[] = []
    const ownerDuring: number[] = []
    for (let round = 0; round < 5; round++) {
      const batch = sprayers.slice(round * 8, round * 8 + 8)
      const answers = await Promise.all(
        batch.map((api, i) =>
          api.post('/login-user', { email: owner.email, password: `guess-${round}-${i}` }),
        ),
      )
      for (const a of answers) {
        statuses.push(a.status)
        if (a.status === 429) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0)
      }
      // The owner, at home, during the attack: their usual address has a budget of its own.
      ownerDuring.push(
        (await client(t.app, home).post('/login-user', { email: owner.email, password: 'secret123' })).status,
      )
    }
    // 401 is a password scrypt evaluated and found wrong; 429 was refused before any hashing. The minute's 10
    // checks from new addresses: the owner's first sign-in (home was new then) and 9 of the attack's 40.
    expect(statuses.filter((s) => s === 401)).toHaveLength(9)
    expect(statuses.filter((s) => s === 429)).toHaveLength(31)
    expect(await t.app.limits.used('loginFailuresPerAccount', `${owner.email}|new`)).toBe(9)
    expect(ownerDuring).toEqual([200, 200, 200, 200, 200])
    // Even the right password from a new address waits for the minute: the budget is spent before scrypt runs.
    expect(
      (await client(t.app).post('/login-user', { email: owner.email, password: 'secret123' })).status,
    ).toBe(429)
  })

  it('leaves the owner the reset path during an attack', async () => {
    const home = nextIp()
    const owner = await account()
    expect(
      (await client(t.app, home).post('/login-user', { email: owner.email, password: 'secret123' })).status,
    ).toBe(200)
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client(t.app).post('/login-user', { email: owner.email, password: `x${i}` }),
      ),
    )
    const code = await resetCode(owner.email, 1, client(t.app, home))
    const verified = await client(t.app, home).post('/verifyOtp/user', { email: owner.email, otp: code })
    expect(verified.status).toBe(200)
    const done = await client(t.app, home).post(
      '/forgot-password/user',
      newPassword('451451', verified.body.data.resetToken, owner.email),
    )
    expect(done.status).toBe(200)
    expect(
      (await client(t.app, home).post('/login-user', { email: owner.email, password: '451451' })).status,
    ).toBe(200)
  })

  it('shares the sign-in limits of an address with the other addresses of its IPv6 /64', async () => {
    const owner = await account()
    const statuses: number[] = []
    // Five wrong passwords from five addresses of one /64: one account+network pair, locked after 5.
    for (let i = 1; i <= 6; i++)
      statuses.push(
        (
          await client(t.app, `2001:db8:45:99::${i}`).post('/login-user', {
            email: owner.email,
            password: 'guess',
          })
        ).status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    // Another network is not that pair.
    expect(
      (
        await client(t.app, '2001:db8:45:98::1').post('/login-user', {
          email: owner.email,
          password: 'secret123',
        })
      ).status,
    ).toBe(200)
  })
})

describe('a password change asks for the current password (issue 45, OWASP ASVS V2.1.6)', () => {
  const change = (owner: { id: string; token: string }, body: Record<string, unknown>, id = owner.id) =>
    client(t.app).put(`/update/user?id=${id}`, body, { token: owner.token })

  it('refuses a change without the current password (400) or with a wrong one (403), and changes nothing', async () => {
    const owner = await account()
    const missing = await change(owner, { password: 'taken123', confirm_password: 'taken123' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Enter your current password to set a new one.')
    const wrong = await change(owner, {
      password: 'taken123',
      confirm_password: 'taken123',
      current_password: 'nope1234',
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toMatchObject({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Your current password is not correct. Nothing was changed.',
    })
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)
    // The session is not ended by a wrong current password (403, not 401).
    expect((await client(t.app).post('/refresh-token/user', { token: owner.token })).status).toBe(200)
    const right = await change(owner, {
      password: 'taken123',
      confirm_password: 'taken123',
      current_password: 'secret123',
    })
    expect(right.status).toBe(200)
    expect(await verifyPassword('taken123', await passwordHashOf(owner.id))).toBe(true)
  })

  it('refuses another account (a forged id) with 403 before any password is checked', async () => {
    const owner = await account()
    const victim = await account()
    const forged = await change(
      owner,
      { password: 'taken123', confirm_password: 'taken123', current_password: 'secret123' },
      victim.id,
    )
    expect(forged.status).toBe(403)
    expect(await passwordHashOf(victim.id)).toBe(victim.passwordHash)
  })

  it('caps wrong current passwords at 5 per account in 15 minutes: then 429, even for the right one', async () => {
    const owner = await account()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await change(owner, {
            password: 'taken123',
            confirm_password: 'taken123',
            current_password: `wrong${i}xx`,
          })
        ).status,
      )
    expect(statuses).toEqual([403, 403, 403, 403, 403])
    const limited = await change(owner, {
      password: 'taken123',
      confirm_password: 'taken123',
      current_password: 'secret123',
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)
  })

  it.each([
    ['a number', 12345678],
    ['an object', { $ne: '' }],
    ['10,000 characters', 'x'.repeat(10_000)],
  ])('answers a current_password that is %s with 400, nothing changed', async (_name, value) => {
    const owner = await account()
    const res = await change(owner, {
      password: 'taken123',
      confirm_password: 'taken123',
      current_password: value,
    })
    expect(res.status).toBe(400)
    expect(await passwordHashOf(owner.id)).toBe(owner.passwordHash)
  })
})
