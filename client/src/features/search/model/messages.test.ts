import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { failureMessage, ghostFailureMessage, searchFailure, serverMessage } from './messages'

describe('search failures (spec section 8)', () => {
  it('403 BLOCKED opens the blocked notice with the admin note', () => {
    expect(
      searchFailure(new ApiError(403, 'BLOCKED', 'blocked', { isBlocked: true, notes: 'Spam' })),
    ).toEqual({
      kind: 'blocked',
      notes: 'Spam',
    })
  })

  it.each([
    [422, 'DUPLICATE_QUERIES', 'Ideas 1 and 2 are too similar.', 'Ideas 1 and 2 are too similar.'],
    // The spec default when the server's message is the generic one.
    [
      422,
      'DUPLICATE_QUERIES',
      'Something went wrong',
      'It appears you have duplicate or similar queries. Please revise.',
    ],
    [400, 'VALIDATION', 'Idea #1 is too long.', 'Idea #1 is too long.'],
  ] as const)('%i %s "%s" shows "%s"', (status, code, sent, shown) => {
    expect(searchFailure(new ApiError(status, code, sent))).toEqual({ kind: 'message', message: shown })
  })

  it('anything else: "Search failed. Please try again."', () => {
    for (const error of [
      new ApiError(500, 'HTTP_500', 'Something went wrong'),
      new ApiError(0, 'NETWORK', 'Unable to reach the server.'),
      new ApiError(404, 'NOT_FOUND', 'Route GET:/api/v1/search/podcast not found'),
      new Error('boom'),
    ])
      expect(searchFailure(error)).toEqual({ kind: 'message', message: 'Search failed. Please try again.' })
  })
})

describe('ghost failures', () => {
  it('the server message, "Something went wrong" offline, the fixed text otherwise', () => {
    expect(ghostFailureMessage(new ApiError(404, 'NOT_FOUND', 'Podcast not found'))).toBe('Podcast not found')
    expect(ghostFailureMessage(new ApiError(0, 'NETWORK', 'Unable to reach the server.'))).toBe(
      'Something went wrong',
    )
    expect(ghostFailureMessage(new ApiError(500, 'HTTP_500', 'Something went wrong'))).toBe(
      'Failed to activate ghost mode.',
    )
    expect(ghostFailureMessage(new TypeError('x'))).toBe('Error occurred while activating ghost mode.')
  })
})

describe('server messages', () => {
  it('are the API answer’s own words only', () => {
    expect(serverMessage(new ApiError(409, 'CONFLICT', 'Already saved'))).toBe('Already saved')
    expect(serverMessage(new ApiError(200, 'BAD_RESPONSE', 'Something went wrong'))).toBeNull()
    expect(serverMessage(new Error('x'))).toBeNull()
    expect(failureMessage(new Error('x'), 'Failed to delete history')).toBe('Failed to delete history')
  })
})
