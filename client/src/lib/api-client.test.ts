import { Type } from '@sinclair/typebox'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, installFakeApi, ok } from '@/test/fetch-mock'
import { ApiError, apiRequest, buildUrl, errorMessage, setUnauthorizedHandler } from './api-client'

const Item = Type.Object({ id: Type.String() })

afterEach(() => vi.unstubAllGlobals())

describe('apiRequest', () => {
  it('sends the stored token both as Bearer and as the token header', async () => {
    localStorage.setItem('token', 'tok-1')
    const { requests } = installFakeApi(() => ok({ id: 'x' }))
    await apiRequest('/thing', { schema: Item })
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-1')
    expect(requests[0]?.headers.token).toBe('tok-1')
  })

  it('sends no token when asked not to, or when none is stored', async () => {
    const { requests } = installFakeApi(() => ok({ id: 'x' }))
    await apiRequest('/a', { schema: Item })
    localStorage.setItem('token', 'tok-1')
    await apiRequest('/b', { schema: Item, auth: false })
    for (const r of requests) {
      expect(r.headers.authorization).toBeUndefined()
      expect(r.headers.token).toBeUndefined()
    }
  })

  it('sends JSON bodies to /api/v1 and unwraps the envelope into message and data', async () => {
    const { requests } = installFakeApi(() => ok({ id: 'x' }, 'Created'))
    const result = await apiRequest('/things', { method: 'POST', body: { a: 1 }, schema: Item })
    expect(result).toEqual({ message: 'Created', data: { id: 'x' } })
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/things', body: { a: 1 } })
    expect(requests[0]?.headers['content-type']).toBe('application/json')
  })

  it('throws ApiError(status, code, message, data) for an error envelope', async () => {
    installFakeApi(() => fail(429, 'OTP_COOLDOWN', 'Please wait.', { retryAfter: 20 }))
    const error = await apiRequest('/x', { schema: Item }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 429,
      code: 'OTP_COOLDOWN',
      message: 'Please wait.',
      data: { retryAfter: 20 },
    })
  })

  it('throws BAD_RESPONSE when data does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    installFakeApi(() => ok({ id: 42 }))
    await expect(apiRequest('/x', { schema: Item })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'Something went wrong',
    })
  })

  it('throws a NETWORK ApiError when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(apiRequest('/x', { schema: Item })).rejects.toMatchObject({ status: 0, code: 'NETWORK' })
  })

  it('a 401 on a call made with a token clears ALL local storage and redirects once', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    localStorage.setItem('token', 'tok-1')
    localStorage.setItem('searchMode', 'surface')
    installFakeApi(() => fail(401, 'UNAUTHORIZED', 'Please log in'))
    const results = await Promise.allSettled([
      apiRequest('/a', { schema: Item }),
      apiRequest('/b', { schema: Item }),
    ])
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(localStorage.length).toBe(0)
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  it('a 401 without a token (bad credentials) or with handleUnauthorized false leaves storage alone', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    installFakeApi(() => fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'))
    localStorage.setItem('searchMode', 'surface')
    await expect(
      apiRequest('/login-user', { method: 'POST', schema: Item, auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password.',
    })
    localStorage.setItem('token', 'tok-1')
    await expect(apiRequest('/x', { schema: Item, handleUnauthorized: false })).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(redirect).not.toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBe('tok-1')
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
