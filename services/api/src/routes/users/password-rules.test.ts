import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { resetPasswordProblem, signupPasswordProblem } from '@bookstrut/schemas'
import type { TestApp } from '../../test/test-app.js'
import { closeAppWithMailbox, startAppWithMailbox, type Mailbox } from '../../test/app-with-mailbox.js'
import { client, type Answer } from '../../test/api-client.js'

// The server and the client's forms read one password rule each (schemas password-rules.ts): for every sample the
// API refuses exactly what the client refuses, with the same message, and accepts what the client accepts.

let t: TestApp
let smtp: Mailbox
let seq = 0

beforeAll(async () => ({ t, smtp } = await startAppWithMailbox()))
afterAll(() => closeAppWithMailbox(t, smtp))

const resetSamples = [
  '12345',
  'abcde',
  'abcdef',
  '123456',
  '12345678',
  '1234567a',
  '123 456',
  '١٢٣٤٥٦',
  '1'.repeat(65),
]
const signupSamples = ['abcde', '😀😀😀', 'abcdef', 'secret1', '123456', '😀😀😀😀😀😀']

/** A password the rule refuses gets a 400 with the rule's message; one it accepts must pass `accepted`. */
function expectRule(answer: Answer, problem: string | null | undefined, accepted: () => void) {
  if (!problem) return accepted()
  expect(answer.status).toBe(400)
  expect(answer.body.message).toBe(problem)
}

describe('password rules: server and client agree', () => {
  it.each(resetSamples)('reset password %j', async (password) => {
    const answer = await client(t.app).post('/forgot-password/user', {
      email: 'nobody@example.com',
      newPassword: password,
      confirmPassword: password,
      resetToken: 'x'.repeat(43),
    })
    expectRule(answer, resetPasswordProblem(password), () => {
      // Past the password rule: refused only for the made-up reset token.
      expect(answer.body.code).not.toBe('VALIDATION')
      expect(answer.body.message).not.toMatch(/password/i)
    })
  })

  it.each(signupSamples)('sign-up password %j', async (password) => {
    const answer = await client(t.app).post('/user/create', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `rules.${Date.now()}.${++seq}@example.com`,
      password,
      role: 'reader',
    })
    expectRule(answer, signupPasswordProblem(password), () => {
      expect(answer.status).toBeLessThan(300)
    })
  })

  it.each(signupSamples)('profile change to %j follows the sign-up rule', async (password) => {
    const user = await buildUser(t.app.db, { role: 'author' })
    const answer = await client(t.app).put(
      `/update/user?id=${user.id}`,
      { password, confirm_password: password, current_password: 'secret123' },
      { token: user.token },
    )
    expectRule(answer, signupPasswordProblem(password), () => {
      expect(answer.status).toBe(200)
    })
  })
})
