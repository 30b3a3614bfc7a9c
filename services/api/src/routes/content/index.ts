import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, InformationLink, InformationListQuery, Settings } from '@bookstrut/schemas'
import { contentRepo } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { errorResponses } from '../route-docs.js'

/** Site-wide content the header and footer need: information page links and social/support settings. */
export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content']
  app.get(
    '/get/all/information',
    {
      schema: {
        tags,
        summary: 'Information pages for the header (menu) or footer',
        querystring: InformationListQuery,
        response: { 200: Envelope(Type.Array(InformationLink)), ...errorResponses },
      },
    },
    async (req) => {
      const rows = await contentRepo.listInformationPages(app.db, req.query.placeArea)
      return ok(
        'Information fetched successfully',
        rows.map((r) => ({
          _id: r.id,
          path: r.path,
          information_name: r.information_name,
          placeArea: r.place_area,
        })),
      )
    },
  )

  app.get(
    '/get/all/settings',
    {
      schema: {
        tags,
        summary: 'Social links and the support address (one entry)',
        response: { 200: Envelope(Type.Array(Settings)), ...errorResponses },
      },
    },
    async () => {
      const s = await contentRepo.getSiteSettings(app.db)
      return ok('Settings fetched successfully', [
        {
          _id: s.id,
          Facebook: s.facebook,
          Instagram: s.instagram,
          YouTube: s.youtube,
          TikTok: s.tiktok,
          authEmailCredentials: { email: s.support_email || app.config.supportEmail },
        },
      ])
    },
  )
}
