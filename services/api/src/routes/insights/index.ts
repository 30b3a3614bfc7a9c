import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ErrorEnvelope,
  Insights,
  InsightsQuery,
  InsightsSeries,
  InsightsSeriesQuery,
} from '@bookstrut/schemas'
import { access, inQuery } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { depsOf } from '../deps.js'
import { declarer, familyDeclarer } from '../route-docs.js'
import { getInsights, getInsightsSeries } from '@bookstrut/analytics'
import { foundItRepo } from '@bookstrut/search'

const ACCESS =
  'The title’s owner or an admin only: anyone else gets 403, no session 401, an unknown title 404. ' +
  'Rate-limited per account (insightsPerAccount: 120 a minute, both analytics calls together; past it 429), ' +
  'checked with the id’s shape and the ownership before any analytics query. On a free plan (price 0) ' +
  '`planLocked` is true and every figure is null: the server never sends them. While the analytics store ' +
  'does not answer: 503, to be retried.'

/** Author analytics (issue 14), at the spec's odd path `/lnsights`. */
export const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Found-it's readers and agreed ideas are search's tables, read through its repository (analytics does not import search).
  const deps = { ...depsOf(app), analytics: app.analytics, foundIt: foundItRepo }
  const declare = declarer(['analytics'])
  // Only the title's owner or an admin, checked after the rate limit (so a flood of other ids costs no SQL).
  const ownerOnly = access.ownerOf(access.signedIn(), {
    kind: 'book',
    at: inQuery('podcastid'),
    refused: 'Only the owner of this title can see its analytics.',
  })
  const preHandler = limitPerAccount(app.limits, 'insightsPerAccount')
  /** An analytics call's options: the owner only, on the per-account limit, 503 while the store does not answer. */
  const analyticsCall = familyDeclarer({
    declare,
    access: ownerOnly,
    preHandler,
    describe: (description) => `${ACCESS}\n\n${description}`,
    answers: { 503: ErrorEnvelope },
  })

  app.get(
    '/lnsights',
    analyticsCall(
      "A title's all-time analytics (the spec's path)",
      'Counted events since the title was listed (docs/analytics.md, "Author analytics and the Top 20"): `views` impressions, ' +
        '`audioPlays` plays, `total_Listening_Hours` hours listened (to the second: whole seconds / 3600), `video_Shares` shares, ' +
        '`purchaseClicks` Get This clicks, `descriptionClicks`, `profileClicks`; `top_search` idea-search ' +
        'impressions among the first 10 results. Current state from the database: `total_Likes` and ' +
        '`in_favorites` (readers who like or favour the title now), `ghost_count` (readers who hide it now). ' +
        '`days_in_top_20`: UTC days on which the title was in a Top 20 ranking. `ideaScore` ("Idea Hits"): ' +
        "per idea of the title (spaces as underscores), idea-search impressions in which a reader's idea " +
        'scored a strong match (Strut score ≥ 70) and shares a content word (4 letters or more) with it. ' +
        '`foundIt` ("This is the book I meant", POST /found-it): standing confirmations (reader × idea), readers, ' +
        'and the ideas readers agree find the title (at least 3 readers from 2 networks); an idea not agreed on ' +
        'is never shown.',
      { querystring: InsightsQuery },
      Insights,
    ),
    async (req) => ok('Analytics fetched successfully', await getInsights(deps, req.query.podcastid)),
  )

  app.get(
    '/lnsights/series',
    analyticsCall(
      "A title's analytics over time, with the period before it",
      '`period` 24h: 24 hourly buckets; 7d, 30d, 90d: UTC days. The period ends with the bucket holding now ' +
        '(`to` is that bucket’s end); every bucket is listed, zeros included. `totals` are this period’s, ' +
        '`previous` the same figures over the period of the same length just before. `likes` are likes given in ' +
        'the bucket; `listeningHours` in hours to the second (whole seconds / 3600). On a free plan `points` is empty and ' +
        '`totals`/`previous` are null.',
      { querystring: InsightsSeriesQuery },
      InsightsSeries,
    ),
    async (req) =>
      ok(
        'Analytics fetched successfully',
        await getInsightsSeries(deps, req.query.podcastid, req.query.period),
      ),
  )
}
