import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from '@sinclair/typebox'
import {
  Blog,
  BlogBody,
  BlogPatch,
  EmptyData,
  Envelope,
  Faq,
  FaqBody,
  FaqPatch,
  IdQuery,
  InformationBody,
  InformationPage,
  InformationPatch,
  Settings,
  SettingsPatch,
} from '@bookstrut/schemas'
import { auditedUpdateSettings, blogWrites, faqWrites, informationWrites } from '@bookstrut/content'
import { access } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { actorOf } from '../../plugins/app/admin-actor.js'
import { errorResponses, secured } from '../route-docs.js'

export interface ContentAdminOptions {
  /** Rewrites /data/faqs.json and /data/blogs.json (after a FAQ or blog write). */
  refreshSnapshots: () => Promise<void>
}

const WRITE_NOTE =
  'Admins only (401 without a session, 403 for any other role). Unknown fields are refused; HTML is sanitized ' +
  'before it is stored (scripts, event attributes, style and javascript: links are dropped). At most 60 content ' +
  'writes a minute per admin (429).'

/**
 * The admin's write calls (each writes one audit entry in its transaction: content/src/audited-writes.ts) for FAQs, blog posts, information pages and settings (issue 32; not in the spec's client,
 * named in its style). The admin content editors call these.
 */
export const contentAdminRoutes: FastifyPluginAsyncTypebox<ContentAdminOptions> = async (app, opts) => {
  const deps = depsOf(app)
  const tags = ['content admin']
  // Route hooks run after the access hook: a forged or reader token is a 403 before it costs a counter.
  app.addHook('preHandler', limitPerAccount(deps.limits, 'contentWritesPerAccount'))
  const doc = <S extends Record<string, TSchema>, D extends TSchema>(summary: string, extra: S, data: D) => ({
    schema: {
      tags,
      summary,
      description: WRITE_NOTE,
      security: secured,
      ...extra,
      response: { 200: Envelope(data), ...errorResponses },
    },
    config: { access: access.admin() },
  })
  /** Runs a write, then the snapshots when FAQs or posts changed. */
  const thenRefresh = async <T>(result: T) => {
    await opts.refreshSnapshots()
    return result
  }

  app.post('/create/faq', doc('Create a FAQ', { body: FaqBody }, Faq), async (req) =>
    ok('FAQ created', await thenRefresh(await faqWrites.create(deps, actorOf(req), req.body))),
  )
  app.put('/update/faq', doc('Change a FAQ', { querystring: IdQuery, body: FaqPatch }, Faq), async (req) =>
    ok('FAQ updated', await thenRefresh(await faqWrites.update(deps, actorOf(req), req.query.id, req.body))),
  )
  app.delete('/delete/faq', doc('Delete a FAQ', { querystring: IdQuery }, EmptyData), async (req) => {
    await faqWrites.remove(deps, actorOf(req), req.query.id)
    return ok('FAQ deleted', await thenRefresh(null))
  })

  app.post('/create/blog', doc('Create a blog post', { body: BlogBody }, Blog), async (req) =>
    ok('Blog created', await thenRefresh(await blogWrites.create(deps, actorOf(req), req.body))),
  )
  app.put(
    '/update/blog',
    doc('Change a blog post', { querystring: IdQuery, body: BlogPatch }, Blog),
    async (req) =>
      ok(
        'Blog updated',
        await thenRefresh(await blogWrites.update(deps, actorOf(req), req.query.id, req.body)),
      ),
  )
  app.delete('/delete/blog', doc('Delete a blog post', { querystring: IdQuery }, EmptyData), async (req) => {
    await blogWrites.remove(deps, actorOf(req), req.query.id)
    return ok('Blog deleted', await thenRefresh(null))
  })

  app.post(
    '/create/information',
    doc('Create an information page', { body: InformationBody }, InformationPage),
    async (req) => ok('Information created', await informationWrites.create(deps, actorOf(req), req.body)),
  )
  app.put(
    '/update/information',
    doc('Change an information page', { querystring: IdQuery, body: InformationPatch }, InformationPage),
    async (req) =>
      ok('Information updated', await informationWrites.update(deps, actorOf(req), req.query.id, req.body)),
  )
  app.delete(
    '/delete/information',
    doc('Delete an information page', { querystring: IdQuery }, EmptyData),
    async (req) => {
      await informationWrites.remove(deps, actorOf(req), req.query.id)
      return ok('Information deleted', null)
    },
  )

  app.put(
    '/update/settings',
    doc('Change the site settings (only the fields sent)', { body: SettingsPatch }, Type.Array(Settings)),
    async (req) =>
      ok(
        'Settings updated',
        await auditedUpdateSettings(deps, actorOf(req), req.body, deps.config.supportEmail),
      ),
  )
}
