import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, InformationPage } from '@bookstrut/schemas'
import { ADMIN_INFORMATION_LIMIT, listAllInformationPages } from '@bookstrut/content'
import { access } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { errorResponses, secured } from '../route-docs.js'

/**
 * What the admin content editors read that the public calls do not give: every information page with its HTML and
 * state (the public list has the published pages' links only). FAQs and posts need nothing more: their public
 * lists already take `isActive=false` and `search` from an admin.
 */
export const contentAdminReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  app.addHook('preHandler', limitPerAccount(deps.limits, 'adminPerAccount'))
  app.get(
    '/admin/information',
    {
      schema: {
        tags: ['content admin'],
        summary: 'Every information page, published or not (the admin content editor)',
        description:
          'Admins only (401 without a session, 403 for any other role); 300 admin calls a minute per admin (429). ' +
          `By placement, order and name; at most ${ADMIN_INFORMATION_LIMIT} pages.`,
        security: secured,
        response: { 200: Envelope(Type.Array(InformationPage)), ...errorResponses },
      },
      config: { access: access.admin() },
    },
    async () => ok('Information fetched successfully', await listAllInformationPages(deps.db)),
  )
}
