import { Type } from '@sinclair/typebox'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OtpSent, RefreshData, SingleUserData, User } from '@bookstrut/schemas'
import { createAccount, createPendingAccount } from '@/test/factories'
import { makeServerUnreachable, watchRequests } from '@/test/server'
import { ApiError, apiRequest, buildUrl, errorMessage, setUnauthorizedHandler } from './api-client'

// Every call below reaches the real API (src/test/global-setup.ts).

const Item = Type.Object({ id: Type.String() })

afterEach(() => vi.restoreAllMocks())

describe('apiRequest', () => {
  it('sends the stored token both as Bearer and as the token header', async () => {
    const account = await createAccount()
    localStorage.setItem('token', account.token)
    const sent = watchRequests()
    const { data } = await apiRequest('/get/single/user', {
      query: { userId: account.id },
      schema: SingleUserData,
    })
    // Only a signed-in owner is shown the account's email.
    expect(data).toMatchObject({ _id: account.id, email: account.email })
    expect(sent.requests[0]?.headers.authorization).toBe(`Bearer ${account.token}`)
    expect(sent.requests[0]?.headers.token).toBe(account.token)
  })

  it('sends no token when asked not to, or when none is stored', async () => {
    // An author: only authors' and publishers' public profiles are shown to others.
    const account = await createAccount({ role: 'author' })
    const sent = watchRequests()
    const ownView = { query: { userId: account.id }, schema: SingleUserData }
    // The server answers the public profile (no email): it saw no token.
    expect((await apiRequest('/get/single/user', ownView)).data).not.toHaveProperty('email')
    localStorage.setItem('token', account.token)
    expect((await apiRequest('/get/single/user', { ...ownView, auth: false })).data).not.toHaveProperty(
      'email',
    )
    expect(sent.requests).toHaveLength(2)
    for (const r of sent.requests) {
      expect(r.headers.authorization).toBeUndefined()
      expect(r.headers.token).toBeUndefined()
    }
  })

  it('sends JSON bodies to /api/v1 and unwraps the envelope into message and data', async () => {
    const account = await createAccount({ role: 'author', firstName: 'Maya' })
    const sent = watchRequests()
    const result = await apiRequest('/refresh-token/user', {
      method: 'POST',
      body: { token: account.token },
      schema: RefreshData,
      auth: false,
    })
    expect(result.message).toBe('Session is valid')
    expect(result.data).toMatchObject({
      isBlocked: false,
      notes: '',
      user: { _id: account.id, first_name: 'Maya', role: 'author' },
    })
    expect(sent.requests[0]).toMatchObject({
      method: 'POST',
      path: '/refresh-token/user',
      body: { token: account.token },
    })
    expect(sent.requests[0]?.headers['content-type']).toBe('application/json')
  })

  it('throws ApiError(status, code, message, data) for an error envelope', async () => {
    // A sign-up code sent 18 s ago: the server refuses a new one for another 12 s.
    const pending = await createPendingAccount({ otp: { sentSecondsAgo: 18 } })
    const error = await apiRequest('/resendotp/user', {
      method: 'POST',
      body: { email: pending.email },
      schema: OtpSent,
      auth: false,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 429,
      code: 'OTP_COOLDOWN',
      message: 'Please wait 12 seconds before requesting a new code.',
      data: { retryAfter: 12 },
    })
  })

  it('throws BAD_RESPONSE when data does not match the schema', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The settings answer is a list, not the object this caller expects.
    await expect(apiRequest('/get/all/settings', { schema: Item })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'Something went wrong',
    })
    expect(logged).toHaveBeenCalledWith('Unexpected answer from GET /get/all/settings', expect.any(String))
  })

  it('throws a NETWORK ApiError when the server cannot be reached', async () => {
    await makeServerUnreachable()
    await expect(apiRequest('/get/all/settings', { schema: Item })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    })
  })

  it('a 401 on a call made with a token clears ALL local storage and redirects', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    // A token the server never issued.
    localStorage.setItem('token', 'tok-1')
    localStorage.setItem('searchMode', 'surface')
    const someone = await createAccount()
    await expect(
      apiRequest('/logout/user', { query: { id: someone.id }, schema: Type.Null() }),
    ).rejects.toMatchObject({ status: 401 })
    expect(localStorage.length).toBe(0)
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  // KNOWN BUG (api-client.ts, handleUnauthorizedOnce): "once" only holds for 401s that arrive within one
  // microtask, which a fake fetch did and a real server never does: two calls failing together redirect
  // twice (40 of 40 tries). Turn this into `it` when the client ignores a 401 for a token it already dropped.
  it('several calls failing with 401 together redirect only once', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    localStorage.setItem('token', 'tok-1')
    const someone = await createAccount()
    const results = await Promise.allSettled([
      apiRequest('/logout/user', { query: { id: someone.id }, schema: Type.Null() }),
      apiRequest('/update/user', { method: 'PUT', query: { id: someone.id }, body: {}, schema: User }),
    ])
    expect(results.map((r) => r.status === 'rejected' && (r.reason as ApiError).status)).toEqual([401, 401])
    expect(localStorage.length).toBe(0)
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  it('a 401 without a token (bad credentials) or with handleUnauthorized false leaves storage alone', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    const account = await createAccount()
    localStorage.setItem('searchMode', 'surface')
    await expect(
      apiRequest('/login-user', {
        method: 'POST',
        body: { email: account.email, password: 'wrong-password' },
        schema: Item,
        auth: false,
      }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password.',
    })
    localStorage.setItem('token', 'tok-1')
    await expect(
      apiRequest('/logout/user', {
        query: { id: account.id },
        schema: Type.Null(),
        handleUnauthorized: false,
      }),
    ).rejects.toMatchObject({ status: 401 })
    expect(redirect).not.toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBe('tok-1')
    expect(localStorage.getItem('searchMode')).toBe('surface')
  })
})

describe('helpers', () => {
  it('buildUrl repeats array values and skips empty ones', () => {
    expect(buildUrl('/search', { a: 'x y', b: [1, -1], c: undefined, d: null, e: false })).toBe(
      '/api/v1/search?a=x+y&b=1&b=-1&e=false',
    )
    expect(buildUrl('get/all/settings')).toBe('/api/v1/get/all/settings')
  })

  it('errorMessage prefers the server message and falls back otherwise', () => {
    expect(errorMessage(new ApiError(400, 'X', 'Server says no'))).toBe('Server says no')
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong')
    expect(errorMessage(undefined, 'Login failed')).toBe('Login failed')
  })
})
