import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalEmail } from '@bookstrut/accounts/testing'
import { insertUser } from '@bookstrut/core/testing'
import type { TestApp } from '../../test/test-app.js'
import { closeAppWithMailbox, startAppWithMailbox, type Mailbox } from '../../test/app-with-mailbox.js'
import { client } from '../../test/api-client.js'

/*
 * One mailbox, one account (issue 45): the review made three verified accounts of one Gmail inbox (`x+1@`, `x+2@`,
 * `X+3@`) and used them as three readers. Replayed on the real sign-up, sign-in and reset paths (mail through a
 * local SMTP receiver).
 */

let t: TestApp
let smtp: Mailbox
let seq = 0
const PASSWORD = 'secret123'
const signupBody = (email: string) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password: PASSWORD,
  role: 'reader',
})
/** A Gmail mailbox of its own per test: `<local>` and the spellings Gmail delivers to it. */
const mailbox = () => `x.puppet${Date.now()}n${++seq}`

beforeAll(async () => ({ t, smtp } = await startAppWithMailbox()))
afterAll(() => closeAppWithMailbox(t, smtp))

const accountsOf = (local: string) =>
  t.app.db
    .selectFrom('users')
    .select(['id', 'email', 'email_canonical'])
    .where('email_canonical', '=', canonicalEmail(`${local}@gmail.com`))
    .execute()

async function signUpAndVerify(email: string) {
  const api = client(t.app)
  expect((await api.post('/user/create', signupBody(email))).status).toBe(201)
  const otp = await smtp.codeFor(email)
  const verified = await api.post('/verify/user/Verification', { email, otp: Number(otp) })
  expect(verified.status).toBe(200)
  return verified.body.data._id as string
}

describe('one mailbox, one account', () => {
  it('refuses x+2@ and X+3@ once x+1@ holds the mailbox, with the message sign-up gives for an existing e-mail', async () => {
    const local = mailbox()
    const id = await signUpAndVerify(`${local}+1@gmail.com`)
    // The same answer as for the address itself (the spec's sign-up answer for a registered address).
    const same = await client(t.app).post('/user/create', signupBody(`${local}+1@gmail.com`))
    for (const spelling of [
      `${local}+2@gmail.com`,
      `${local.toUpperCase()}+3@gmail.com`,
      `${local.replace('.', '')}@googlemail.com`,
    ]) {
      const again = await client(t.app).post('/user/create', signupBody(spelling))
      expect(again.status).toBe(409)
      expect(again.body).toEqual(same.body)
      expect(again.body.message).toBe('An account with this email already exists. Please sign in.')
    }
    expect((await accountsOf(local)).map((a) => a.id)).toEqual([id])
  })

  it('signs in and resets the password from any spelling of the mailbox, to the one account', async () => {
    const local = mailbox()
    const id = await signUpAndVerify(`${local}+1@gmail.com`)
    const signIn = await client(t.app).post('/login-user', {
      email: `${local.toUpperCase()}+3@gmail.com`,
      password: PASSWORD,
    })
    expect(signIn.status).toBe(200)
    expect(signIn.body.data._id).toBe(id)

    const typed = `${local}+reset@gmail.com`
    const api = client(t.app)
    expect((await api.post('/sentOtp/user', { email: typed })).status).toBe(200)
    // The code goes to the account's own address (the same inbox), its sign-up code's being the first.
    const code = await smtp.codeFor(`${local}+1@gmail.com`, 2)
    const verified = await api.post('/verifyOtp/user', { email: typed, otp: code })
    expect(verified.status).toBe(200)
    const reset = await api.post('/forgot-password/user', {
      email: typed,
      newPassword: '24681357',
      confirmPassword: '24681357',
      resetToken: verified.body.data.resetToken,
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    const after = await client(t.app).post('/login-user', {
      email: `${local}+1@gmail.com`,
      password: '24681357',
    })
    expect(after.body.data._id).toBe(id)
  })

  it('lets a pending sign-up start over under another spelling, still one account', async () => {
    const local = mailbox()
    expect((await client(t.app).post('/user/create', signupBody(`${local}+a@gmail.com`))).status).toBe(201)
    const id = await signUpAndVerify(`${local}+b@gmail.com`)
    expect(await accountsOf(local)).toEqual([
      { id, email: `${local}+b@gmail.com`, email_canonical: canonicalEmail(`${local}@gmail.com`) },
    ])
  })

  it('keeps accounts that shared a mailbox before working, and makes no new one for it', async () => {
    const local = mailbox()
    // As migration 2026_12_02_1100 leaves them: the oldest holds the mailbox, the later one keeps a NULL.
    const holder = await signUpAndVerify(`${local}+1@gmail.com`)
    const older = await insertUser(t.app.db)
    await t.app.db
      .updateTable('users')
      .set({ email: `${local}+2@gmail.com`, email_canonical: null })
      .where('id', '=', older)
      .execute()
    const { password_hash } = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', holder)
      .executeTakeFirstOrThrow()
    await t.app.db.updateTable('users').set({ password_hash }).where('id', '=', older).execute()

    const own = await client(t.app).post('/login-user', { email: `${local}+2@gmail.com`, password: PASSWORD })
    expect(own.body.data._id).toBe(older)
    const holders = await client(t.app).post('/login-user', {
      email: `${local}+1@gmail.com`,
      password: PASSWORD,
    })
    expect(holders.body.data._id).toBe(holder)
    expect((await client(t.app).post('/user/create', signupBody(`${local}+9@gmail.com`))).status).toBe(409)
  })
})
