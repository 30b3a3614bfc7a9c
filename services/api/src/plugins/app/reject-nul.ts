import fp from 'fastify-plugin'
import { badRequest } from '@bookstrut/core'

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 20 || value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1))
}

/**
 * PostgreSQL text cannot hold a NUL character; without this check such input would fail deep in a query
 * (a 500). One hook for every route answers it as bad input instead.
 */
export const rejectNulPlugin = fp(async (app) => {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.body) || hasNul(req.query)) throw badRequest('Text must not contain NUL characters.')
  })
})
