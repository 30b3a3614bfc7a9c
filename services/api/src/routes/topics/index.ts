import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, Topic, TopicParams, TopicSummary } from '@bookstrut/schemas'
import { access, addressKey } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { trafficOf } from '../../views/page-traffic.js'
import { getTopic, listTopics, TOPIC_NOT_FOUND } from '@bookstrut/search'

const LIMIT_NOTE =
  'Public. Per IP address, 120 calls a minute (topicPagesPerIp), counted before anything is read; past it 429 with ' +
  'Retry-After. '

/** "Books about <idea>" topic pages (docs/seo.md, "Topic pages"): the set the topics job stores, read only. */
export const topicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['topics'])
  const limitTopicReads = async (req: { ip: string }) =>
    app.limits.consume('topicPagesPerIp', addressKey(req.ip))

  app.get(
    '/topics',
    {
      ...declare({
        summary: 'Topic pages: ideas several readers searched for, most searched first',
        description:
          LIMIT_NOTE +
          'An idea becomes a topic candidate when at least 3 different readers searched for it, normalised, and ' +
          'passes the text rules and the filter (docs/seo.md); it is a topic only once an admin approved it (the ' +
          'moderation queue, docs/admin.md "Readers\' words"). The set is remade every hour and at each decision.',
        response: { 200: Envelope(Type.Array(TopicSummary)) },
        access: access.public(),
      }),
      onRequest: limitTopicReads,
    },
    async () => ok('Topics fetched successfully', await listTopics(deps)),
  )

  app.get(
    '/topics/:slug',
    {
      ...declare({
        summary: 'One topic page: its idea, its books with their Strut scores, and its views',
        description:
          LIMIT_NOTE +
          `A slug that is not a topic answers 404 "${TOPIC_NOT_FOUND}"; one that cannot be a slug answers 400. ` +
          'Books no longer public are left out. `traffic` is null while the analytics store does not answer.',
        request: { params: TopicParams },
        response: { 200: Envelope(Topic) },
        access: access.public(),
      }),
      onRequest: limitTopicReads,
    },
    async (req) =>
      ok(
        'Topic fetched successfully',
        await getTopic(
          deps,
          req.params.slug,
          async (path) => (await trafficOf(app.analytics, [path], deps.clock.now()))?.get(path) ?? null,
        ),
      ),
  )
}
