import { RESET_PASSWORD_NOT_DIGITS } from '@bookstrut/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/test-app.js'
import { closeAppWithMailbox, startAppWithMailbox, type Mailbox } from '../../test/app-with-mailbox.js'
import { client } from '../../test/api-client.js'

let t: TestApp
let smtp: Mailbox
let seq = 0
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.com`
const signupBody = (email: string, role = 'reader') => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password: 'secret123',
  role,
})

beforeAll(async () => ({ t, smtp } = await startAppWithMailbox()))
afterAll(() => closeAppWithMailbox(t, smtp))

const countUsers = async (email?: string) => {
  let q = t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
  if (email) q = q.where('email', '=', email)
  return (await q.executeTakeFirstOrThrow()).n
}

/** Signs up and verifies through the real mail path; returns the session. */
/** The stored first name of an account (what a refused update must leave alone). */
const firstNameOf = async (id: string) =>
  (await t.app.db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow())
    .first_name

async function verifiedAccount(role = 'reader', api = client(t.app)) {
  const email = uniqueEmail(role)
  expect((await api.post('/user/create', signupBody(email, role))).status).toBe(201)
  const otp = await smtp.codeFor(email)
  const verified = await api.post('/verify/user/Verification', { email, otp: Number(otp) })
  expect(verified.status).toBe(200)
  return { email, api, id: verified.body.data._id as string, token: verified.body.data.token as string }
}

describe('sign-up, verification and sessions', () => {
  it('signs up, verifies with the mailed code, logs in, refreshes, logs out and refuses the old token', async () => {
    const api = client(t.app)
    const email = uniqueEmail('Journey')
    const created = await api.post('/user/create', signupBody(email, 'author'))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      success: true,
      data: { email: email.toLowerCase(), role: 'author', resendAfter: 30 },
    })

    const unverifiedLogin = await api.post('/login-user', { email, password: 'secret123' })
    expect(unverifiedLogin.status).toBe(403)
    expect(unverifiedLogin.body).toMatchObject({
      success: false,
      code: 'OTP_REQUIRED',
      data: { otpRequired: true },
    })

    const otp = await smtp.codeFor(email)
    const verified = await api.post('/verify/user/Verification', { email, otp: Number(otp) })
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({
      role: 'author',
      isBlocked: false,
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    })

    const login = await api.post('/login-user', { email: email.toUpperCase(), password: 'secret123' })
    expect(login.status).toBe(200)
    expect(login.body.message).toBe('User login successfully!')
    const token = login.body.data.token as string
    expect(token).not.toBe(verified.body.data.token)

    const refreshed = await api.post('/refresh-token/user', { token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.data).toMatchObject({
      isBlocked: false,
      user: { email: email.toLowerCase(), role: 'author', isVerified: true },
    })
    expect(refreshed.body.data.user).not.toHaveProperty('password_hash')
    // Authors start on the free plan.
    expect(refreshed.body.data.user.membership).toMatchObject({
      planName: 'Starter Strut',
      price: 0,
      planPrice: 0,
      bookLimit: 1,
      booksListed: 0,
      expiryDate: '-1',
    })

    // The spec's `token` header works as well as Authorization: Bearer.
    const viaHeader = await api.get(`/get/single/user?userId=${login.body.data._id}`, { headers: { token } })
    expect(viaHeader.body.data.email).toBe(email.toLowerCase())

    // The token may come in a header instead of the body, with no body at all.
    const viaBearer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refresh-token/user',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(viaBearer.statusCode).toBe(200)
    expect(viaBearer.json().data.user._id).toBe(login.body.data._id)

    const logout = await api.get(`/logout/user?id=${login.body.data._id}`, { token })
    expect(logout.status).toBe(200)
    expect((await api.post('/refresh-token/user', { token })).status).toBe(401)
    expect((await api.get(`/logout/user?id=${login.body.data._id}`, { token })).status).toBe(401)
    // Asking for one's own account with an ended session is refused; other public calls stay public.
    const dead = await api.get(`/get/single/user?userId=${login.body.data._id}`, { token })
    expect(dead.status).toBe(401)
    expect(dead.body.message).toBe('Your LogIn Session Expired.')
    expect((await api.get(`/get/single/user?userId=${login.body.data._id}`)).status).toBe(200)
    const someoneElse = await verifiedAccount('author')
    expect((await api.get(`/get/single/user?userId=${someoneElse.id}`, { token })).status).toBe(200)
    expect((await api.get('/home/page', { token })).status).toBe(200)
    // The verification session is a different session and stays valid.
    expect((await api.post('/refresh-token/user', { token: verified.body.data.token })).status).toBe(200)
  })

  it('answers 401 for a missing or unknown token on a protected call', async () => {
    const { id } = await verifiedAccount()
    const api = client(t.app)
    expect((await api.put(`/update/user?id=${id}`, { bio: 'x' })).status).toBe(401)
    const bad = await api.put(`/update/user?id=${id}`, { bio: 'x' }, { token: 'not-a-real-token' })
    expect(bad.status).toBe(401)
    expect(bad.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' })
  })

  it('kills a code after five wrong tries, so the sixth try fails even with the right digits', async () => {
    const api = client(t.app)
    const email = uniqueEmail('wrong')
    await api.post('/user/create', signupBody(email))
    const otp = await smtp.codeFor(email)
    const wrong = otp === '1111' ? '2222' : '1111'
    for (let i = 1; i <= 5; i++) {
      const res = await api.post('/verify/user/Verification', { email, otp: wrong })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'OTP_INVALID', data: { attemptsLeft: 5 - i } })
    }
    const sixth = await api.post('/verify/user/Verification', { email, otp: wrong })
    expect(sixth.body.code).toBe('OTP_EXPIRED')
    const right = await api.post('/verify/user/Verification', { email, otp })
    expect(right.status).toBe(400)
    expect(right.body.code).toBe('OTP_EXPIRED')
    const user = await t.app.db
      .selectFrom('users')
      .select('is_verified')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(user.is_verified).toBe(false)
  })

  it('uses a code once only', async () => {
    const api = client(t.app)
    const email = uniqueEmail('once')
    await api.post('/user/create', signupBody(email))
    const otp = await smtp.codeFor(email)
    expect((await api.post('/verify/user/Verification', { email, otp })).status).toBe(200)
    const again = await api.post('/verify/user/Verification', { email, otp })
    expect(again.status).toBe(409)
    expect(
      await t.app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('users.email', '=', email.toLowerCase())
        .execute(),
    ).toHaveLength(1)
  })

  it('expires a code after 10 minutes', async () => {
    const api = client(t.app)
    const email = uniqueEmail('late')
    await api.post('/user/create', signupBody(email))
    const otp = await smtp.codeFor(email)
    t.clock.advance(10 * 60 * 1000 + 1000)
    const late = await api.post('/verify/user/Verification', { email, otp })
    expect(late.status).toBe(400)
    expect(late.body.code).toBe('OTP_EXPIRED')
  })

  it('holds the 30 s resend cooldown on the server, and a resent code replaces the old one', async () => {
    const api = client(t.app)
    const email = uniqueEmail('resend')
    await api.post('/user/create', signupBody(email))
    const first = await smtp.codeFor(email, 1)
    const early = await api.post('/resendotp/user', { email })
    expect(early.status).toBe(429)
    expect(early.body).toMatchObject({ code: 'OTP_COOLDOWN', data: { retryAfter: expect.any(Number) } })
    expect(early.headers['retry-after']).toBeDefined()

    t.clock.advance(31_000)
    const resent = await api.post('/resendotp/user', { email })
    expect(resent.status).toBe(200)
    expect(resent.body.message).toBe('OTP has been resent to your email.')
    const second = await smtp.codeFor(email, 2)
    if (first !== second) {
      expect((await api.post('/verify/user/Verification', { email, otp: first })).body.code).toBe(
        'OTP_INVALID',
      )
    }
    expect((await api.post('/verify/user/Verification', { email, otp: second })).status).toBe(200)
  })

  it('refuses to sign up a verified address again, and lets an unverified one start over', async () => {
    const { email } = await verifiedAccount()
    const again = await client(t.app).post('/user/create', signupBody(email))
    expect(again.status).toBe(409)
    expect(await countUsers(email.toLowerCase())).toBe(1)
  })
})

describe('login rate limits', () => {
  it('locks the account+IP pair after five wrong passwords, but not the owner on another address', async () => {
    const { email } = await verifiedAccount()
    const attacker = client(t.app)
    for (let i = 0; i < 5; i++) {
      const res = await attacker.post('/login-user', { email, password: 'wrong-password' })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' })
    }
    // That address is locked out of this account, even with the right password.
    const limited = await attacker.post('/login-user', { email, password: 'secret123' })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // The owner on another address still signs in (only slowed down).
    const owner = await client(t.app).post('/login-user', { email, password: 'secret123' })
    expect(owner.status).toBe(200)
  })

  it('limits attempts per IP address across accounts', async () => {
    const api = client(t.app)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await api.post('/login-user', { email: uniqueEmail('nobody'), password: 'whatever' })).status,
      )
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})

describe('forgot password', () => {
  it('resets the password in three steps with the one-time reset token and ends the old sessions', async () => {
    const { email, token, api } = await verifiedAccount()
    const sent = await api.post('/sentOtp/user', { email })
    expect(sent.status).toBe(200)
    const code = await smtp.codeFor(email, 2)

    const early = await api.post('/forgot-password/user', {
      email,
      newPassword: '123456',
      confirmPassword: '123456',
      resetToken: 'made-up',
    })
    expect(early.status).toBe(400)
    expect(early.body.code).toBe('OTP_REQUIRED')

    expect((await api.post('/sentOtp/user', { email })).status).toBe(429)
    const verified = await api.post('/verifyOtp/user', { email, otp: code })
    expect(verified.body.message).toBe('OTP verified successfully')
    const resetToken = verified.body.data.resetToken as string
    expect(resetToken).toMatch(/^[\w-]{43}$/)
    /** A reset with this token: the new password and its confirmation (the same unless told otherwise). */
    const resetWith = (newPassword: string, confirmPassword = newPassword) =>
      api.post('/forgot-password/user', { email, newPassword, confirmPassword, resetToken })

    const mismatch = await resetWith('123456', '654321')
    expect(mismatch.body.message).toBe('Passwords do not match')
    const notDigits = await resetWith('abcdef')
    expect(notDigits.status).toBe(400)
    // Six characters that are not digits: "must be 6 digits" would contradict what was typed (issue 30).
    expect(notDigits.body.message).toBe(RESET_PASSWORD_NOT_DIGITS)

    const reset = await resetWith('24681357')
    expect(reset.status).toBe(200)
    expect(reset.body.message).toBe('Password reset successful')
    expect((await api.post('/refresh-token/user', { token })).status).toBe(401)
    expect((await api.post('/login-user', { email, password: 'secret123' })).status).toBe(401)
    expect((await api.post('/login-user', { email, password: '24681357' })).status).toBe(200)
    // The token was used up by the reset.
    expect((await resetWith('11112222')).status).toBe(400)
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.mails.length
    const res = await client(t.app).post('/sentOtp/user', { email: uniqueEmail('ghost') })
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.mails.length).toBe(before)
  })
})

describe('ownership, blocking and profile', () => {
  it('answers 403 when a token acts on another user id', async () => {
    const alice = await verifiedAccount()
    const bob = await verifiedAccount()
    const forgedUpdate = await alice.api.put(
      `/update/user?id=${bob.id}`,
      { first_name: 'Mallory' },
      { token: alice.token },
    )
    expect(forgedUpdate.status).toBe(403)
    expect(forgedUpdate.body.code).toBe('FORBIDDEN')
    expect((await alice.api.get(`/logout/user?id=${bob.id}`, { token: alice.token })).status).toBe(403)
    expect(await firstNameOf(bob.id)).toBe('Ada')
    expect((await bob.api.post('/refresh-token/user', { token: bob.token })).status).toBe(200)
  })

  it('shows the whole account to its owner and only the public profile to others', async () => {
    const author = await verifiedAccount('author')
    const own = await author.api.get(`/get/single/user?userId=${author.id}`, { token: author.token })
    expect(own.body.data).toMatchObject({ email: author.email.toLowerCase(), role: 'author' })
    const reader = await verifiedAccount('reader')
    const readerView = await reader.api.get(`/get/single/user?userId=${reader.id}`, { token: reader.token })
    expect(readerView.body.data.membership).toBeNull()
    const anonymous = await client(t.app).get(`/get/single/user?userId=${author.id}`)
    expect(anonymous.status).toBe(200)
    expect(anonymous.body.data).toMatchObject({ first_name: 'Ada', podcastCount: 0 })
    expect(anonymous.body.data).not.toHaveProperty('email')
    expect(anonymous.body.data).not.toHaveProperty('isBlocked')
    expect((await client(t.app).get('/get/single/user?userId=ffffffffffffffffffffffff')).status).toBe(404)
  })

  it('updates text fields with the spec rules', async () => {
    const author = await verifiedAccount('author')
    const put = (body: object) =>
      author.api.put(`/update/user?id=${author.id}`, body, { token: author.token })
    const updated = await put({
      first_name: ' Grace ',
      bio: 'Writes about ships.',
      role: 'publisher',
      websiteAndSocialLinks: ['https://grace.example', '', 'https://social.example/grace'],
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({
      first_name: 'Grace',
      bio: 'Writes about ships.',
      role: 'publisher',
      websiteAndSocialLinks: ['https://grace.example', '', 'https://social.example/grace'],
    })

    expect((await put({ websiteAndSocialLinks: ['grace.example'] })).body.message).toBe(
      "Website should start with 'http'.",
    )
    expect(
      (await put({ websiteAndSocialLinks: JSON.stringify(['', 'https://ok.example', 'ftp://x']) })).body
        .message,
    ).toBe("Social link 2 should start with 'http'.")
    expect((await put({ bio: '   ' })).body.message).toBe('Bio cannot be empty.')
    expect((await put({ first_name: '  ' })).body.message).toBe('First Name is required.')
    expect((await put({ role: 'reader' })).status).toBe(403)
    expect((await put({ email: 'other@example.com' })).status).toBe(400)
    expect((await put({ password: 'newpass1', confirm_password: 'newpass2' })).body.message).toBe(
      'Passwords do not match.',
    )

    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', author.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      first_name: 'Grace',
      role: 'publisher',
      bio: 'Writes about ships.',
      email: author.email.toLowerCase(),
    })
  })

  it('changing the password ends the other sessions but keeps this one', async () => {
    const reader = await verifiedAccount()
    const other = await client(t.app).post('/login-user', { email: reader.email, password: 'secret123' })
    const res = await reader.api.put(
      `/update/user?id=${reader.id}`,
      { password: 'brandnew1', confirm_password: 'brandnew1', current_password: 'secret123' },
      { token: reader.token },
    )
    expect(res.status).toBe(200)
    expect((await reader.api.post('/refresh-token/user', { token: reader.token })).status).toBe(200)
    expect((await reader.api.post('/refresh-token/user', { token: other.body.data.token })).status).toBe(401)
  })

  it('lets a blocked user sign in and read, but refuses writes with the blocked payload', async () => {
    const user = await verifiedAccount('author')
    const admin = await verifiedAccount()
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute()

    expect(
      (await user.api.post('/admin/block/user', { userId: admin.id, notes: 'nope' }, { token: user.token }))
        .status,
    ).toBe(403)
    const block = await admin.api.post(
      '/admin/block/user',
      { userId: user.id, notes: 'Spam listings' },
      { token: admin.token },
    )
    expect(block.status).toBe(200)

    const refreshed = await user.api.post('/refresh-token/user', { token: user.token })
    expect(refreshed.body.data).toMatchObject({ isBlocked: true, notes: 'Spam listings' })
    const login = await client(t.app).post('/login-user', { email: user.email, password: 'secret123' })
    expect(login.body.data).toMatchObject({ isBlocked: true, notes: 'Spam listings' })

    const write = await user.api.put(
      `/update/user?id=${user.id}`,
      { first_name: 'Changed' },
      { token: user.token },
    )
    expect(write.status).toBe(403)
    expect(write.body).toMatchObject({
      success: false,
      code: 'BLOCKED',
      data: { isBlocked: true, notes: 'Spam listings' },
    })
    expect((await user.api.get(`/get/single/user?userId=${user.id}`, { token: user.token })).status).toBe(200)
    expect(await firstNameOf(user.id)).toBe('Ada')

    await admin.api.post('/admin/unblock/user', { userId: user.id }, { token: admin.token })
    expect(
      (await user.api.put(`/update/user?id=${user.id}`, { first_name: 'Changed' }, { token: user.token }))
        .status,
    ).toBe(200)
  })
})

// A valid sign-up body, and the one field each case below breaks.
const VALID_SIGN_UP = {
  first_name: 'F',
  last_name: 'L',
  email: 'a@b.co',
  password: 'secret1',
  role: 'reader',
}
const signUpWith = (change: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries({ ...VALID_SIGN_UP, ...change }).filter(([, v]) => v !== undefined))

describe('bad input', () => {
  it.each([
    ['no first name', signUpWith({ first_name: undefined }), 'Name is required.'],
    ['blank last name', signUpWith({ last_name: '  ' }), 'Last Name is required.'],
    ['no email', signUpWith({ email: undefined }), 'Email is required.'],
    ['bad email', signUpWith({ email: 'not-an-email' }), 'Invalid email format.'],
    ['short password', signUpWith({ password: '123' }), 'Password must be at least 6 characters.'],
    ['no role', signUpWith({ role: undefined }), 'Member Type is required.'],
    ['admin role', signUpWith({ role: 'admin' }), 'Member Type is required.'],
  ])('refuses sign-up with %s (400, spec message, no row)', async (_name, body, message) => {
    const res = await client(t.app).post('/user/create', body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', message })
    expect(await countUsers('a@b.co')).toBe(0)
  })

  it('answers malformed JSON with 400 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
  })

  it('refuses a code that is not 4 digits', async () => {
    const res = await client(t.app).post('/verify/user/Verification', { email: 'a@b.co', otp: '12a4' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('OTP must be 4 digits')
  })

  it('refuses a NUL character in any text with 400 and writes nothing', async () => {
    const res = await client(t.app).post('/user/create', {
      first_name: 'Nul\u0000l',
      last_name: 'L',
      email: 'nul@example.com',
      password: 'secret1',
      role: 'reader',
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Text must not contain NUL characters.')
    expect(await countUsers('nul@example.com')).toBe(0)
    expect((await client(t.app).post('/login-user', { email: 'a\u0000@b.co', password: 'x' })).status).toBe(
      400,
    )
  })

  it('answers a known path called with another method with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/login-user' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('POST')
    expect(res.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' })
  })

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await client(t.app).get('/no/such/call')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })
})

describe('health and site content', () => {
  it('reports db and redis up', async () => {
    const res = await client(t.app).get('/health')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ db: 'up', redis: 'up' })
    expect(res.headers['x-request-id']).toEqual(expect.any(String))
  })

  it('lists information pages by place and the settings with the support address', async () => {
    await t.app.db
      .insertInto('information_pages')
      .values([
        { id: 'aaaaaaaaaaaaaaaaaaaaaaa1', path: 'about', information_name: 'About', place_area: 'menu' },
        { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', path: 'terms', information_name: 'Terms', place_area: 'footer' },
      ])
      .execute()
    const menu = await client(t.app).get('/get/all/information?placeArea=menu')
    expect(menu.body.data).toEqual([
      { _id: 'aaaaaaaaaaaaaaaaaaaaaaa1', path: 'about', information_name: 'About', placeArea: 'menu' },
    ])
    expect((await client(t.app).get('/get/all/information?placeArea=sidebar')).status).toBe(400)
    const settings = await client(t.app).get('/get/all/settings')
    expect(settings.body.data[0].authEmailCredentials.email).toBe('support@bookstrut.local')
  })

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/user/create', '/api/v1/login-user', '/api/v1/refresh-token/user']),
    )
  })
})
