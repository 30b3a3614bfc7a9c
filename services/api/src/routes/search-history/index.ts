import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  ClearedSearchHistory,
  CreateSearchHistoryBody,
  Envelope,
  SearchHistoryIdQuery,
  SearchHistoryItem,
  SearchHistoryUserQuery,
  UpdateSearchHistoryBody,
} from '@bookstrut/schemas'
import { access, inBody, inQuery } from '@bookstrut/core'
import {
  clearSavedSearches,
  listSavedSearches,
  removeSavedSearch,
  saveSearch,
  savedSearchNetwork,
  searchHistoryRepo,
  updateSavedSearch,
} from '@bookstrut/search'
import { ok } from '../../respond.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'

/**
 * Saved searches (search history) of a signed-in user: the Saved Search page of the profile area. Owner
 * only (or an admin); blocked accounts may read but not write. The spec names the fields `fistKeyWord`,
 * `secondKeyWord`, `thirdKeyWord`.
 */
export const searchHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['search history'])
  const sameTerms = 'The same three terms (trimmed, any case) are one saved search per user.'
  // Every write (save, edit, delete, clear) counts against the caller's own bucket (issue 45), after the access
  // policy let the caller through: 120 an hour, then 429 with Retry-After and nothing written.
  const limitWrites = limitPerAccount(deps.limits, 'searchHistoryWritesPerAccount')

  app.post(
    '/create/search/history',
    {
      ...declare({
        summary: 'Save a search; saving the same three terms again moves it to the top',
        description: `${sameTerms} Saving them again keeps the item and sets its updatedAt; the item is returned.`,
        request: { body: CreateSearchHistoryBody },
        response: { 200: Envelope(SearchHistoryItem) },
        access: access.ownAccountWrite(inBody('userId')),
      }),
      preHandler: limitWrites,
    },
    async (req) => {
      const network = await savedSearchNetwork(app.redis, deps.config.redis.prefix, req.ip)
      return ok(
        'Search history saved successfully',
        await saveSearch(deps, req.body.userId, req.body, network),
      )
    },
  )

  app.get(
    '/get/all/search/history',
    declare({
      summary: "A user's saved searches, most recent first",
      description:
        `Newest first by updatedAt (saved again or edited counts as recent). At most the ` +
        `${searchHistoryRepo.SEARCH_HISTORY_LIST_LIMIT} most recent items; older ones are kept until cleared.`,
      request: { querystring: SearchHistoryUserQuery },
      response: { 200: Envelope(Type.Array(SearchHistoryItem)) },
      access: access.ownAccount(inQuery('userId')),
    }),
    async (req) => {
      return ok('Search history fetched successfully', await listSavedSearches(deps, req.query.userId))
    },
  )

  app.put(
    '/update/search/history',
    {
      ...declare({
        summary: 'Edit the three terms of a saved search',
        description:
          'Not in the spec, which shows the Saved Search page editing terms and saving but not the call: ' +
          '`PUT /update/search/history?id=<item id>` with all three terms in the body. The item keeps its id ' +
          `and moves to the top (updatedAt). ${sameTerms} Terms equal to another of the user's saved searches ` +
          'answer 409 CONFLICT and change nothing. An item of another user answers 404.',
        request: { querystring: SearchHistoryIdQuery, body: UpdateSearchHistoryBody },
        response: { 200: Envelope(SearchHistoryItem) },
        access: access.signedInWrite(),
      }),
      preHandler: limitWrites,
    },
    async (req) =>
      ok(
        'Search history updated successfully',
        await updateSavedSearch(deps, requireAuth(req).user, req.query.id, req.body),
      ),
  )

  app.delete(
    '/delete/search/history',
    {
      ...declare({
        summary: 'Delete one saved search of the caller',
        description: 'An item of another user answers 404, as a missing one does.',
        request: { querystring: SearchHistoryIdQuery },
        response: { 200: Envelope(Type.Null()) },
        access: access.signedInWrite(),
      }),
      preHandler: limitWrites,
    },
    async (req) => {
      await removeSavedSearch(deps, requireAuth(req).user, req.query.id)
      return ok('Search history deleted successfully', null)
    },
  )

  app.delete(
    '/delete/many/search/history',
    {
      ...declare({
        summary: "Clear all of a user's saved searches",
        description: 'Answers how many items were removed (0 when there were none).',
        request: { querystring: SearchHistoryUserQuery },
        response: { 200: Envelope(ClearedSearchHistory) },
        access: access.ownAccountWrite(inQuery('userId')),
      }),
      preHandler: limitWrites,
    },
    async (req) => {
      return ok('Search history cleared successfully', await clearSavedSearches(deps, req.query.userId))
    },
  )
}
