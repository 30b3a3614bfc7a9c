import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, InformationLink, InformationListQuery, Settings } from '@bookstrut/schemas'
import { access } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { errorResponses } from '../route-docs.js'
import { listInformation, siteSettings } from './content.service.js'

/** Site-wide content the header and footer need: information page links and social/support settings. */
export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
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
      config: { access: access.public() },
    },
    async (req) => ok('Information fetched successfully', await listInformation(deps, req.query.placeArea)),
  )

  app.get(
    '/get/all/settings',
    {
      schema: {
        tags,
        summary: 'Social links and the support address (one entry)',
        response: { 200: Envelope(Type.Array(Settings)), ...errorResponses },
      },
      config: { access: access.public() },
    },
    async () => ok('Settings fetched successfully', await siteSettings(deps)),
  )
}
