import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { assertSelfOrAdmin } from '@bookstrut/core'
import {
  Envelope,
  GhostBody,
  GhostListQuery,
  PagedPodcasts,
  RemoveGhostQuery,
  ReportBody,
  ReportType,
  ReportTypeQuery,
} from '@bookstrut/schemas'
import { ok, paged } from '../../respond.js'
import { requireAuth, requireOwnWrite } from '../../plugins/app/auth.js'
import { signedIn } from '../../plugins/app/route-access.js'
import { errorResponses, secured } from '../route-docs.js'
import { depsOf } from '../deps.js'
import { ghostTitle, listGhosted, listReportTypes, removeGhost, reportTitle } from './ghosts.service.js'

/** Ghosting (hiding a title from one's own results) and reporting a title, for signed-in readers. */
export const ghostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const tags = ['ghosts and reports']

  app.post(
    '/create/ghostmode',
    {
      schema: {
        tags,
        summary: 'Ghost (hide) a title; ghosting twice is one ghost',
        body: GhostBody,
        security: secured,
        response: { 200: Envelope(Type.Null()), ...errorResponses },
      },
      preHandler: signedIn,
    },
    async (req) => {
      await ghostTitle(deps, requireOwnWrite(req, req.body.userId), req.body)
      return ok('Ghost mode activated successfully.', null)
    },
  )

  app.get(
    '/ghostmodepodcast',
    {
      schema: {
        tags,
        summary: "A reader's ghosted titles, latest first",
        querystring: GhostListQuery,
        security: secured,
        response: { 200: PagedPodcasts, ...errorResponses },
      },
      preHandler: signedIn,
    },
    async (req) => {
      assertSelfOrAdmin(requireAuth(req).user, req.query.userId)
      return paged('Ghosted titles fetched successfully', await listGhosted(deps, req.query))
    },
  )

  app.delete(
    '/remove/ghostmode',
    {
      schema: {
        tags,
        summary: 'Show a ghosted title again',
        querystring: RemoveGhostQuery,
        security: secured,
        response: { 200: Envelope(Type.Null()), ...errorResponses },
      },
      preHandler: signedIn,
    },
    async (req) => {
      requireOwnWrite(req, req.query.userId)
      await removeGhost(deps, req.query)
      return ok('Ghost removed successfully.', null)
    },
  )

  app.get(
    '/get/all/reporttype',
    {
      schema: {
        tags,
        summary: 'Reasons a title can be reported for',
        querystring: ReportTypeQuery,
        response: { 200: Envelope(Type.Array(ReportType)), ...errorResponses },
      },
    },
    async (req) =>
      ok('Report types fetched successfully', await listReportTypes(deps, req.query.isActive !== false)),
  )

  app.post(
    '/create/reportpodcast',
    {
      schema: {
        tags,
        summary: 'Report a title; the same report twice counts once',
        body: ReportBody,
        security: secured,
        response: { 200: Envelope(Type.Null()), ...errorResponses },
      },
      preHandler: signedIn,
    },
    async (req) => {
      await reportTitle(deps, requireOwnWrite(req, req.body.userId), req.body)
      return ok('Report sent successfully', null)
    },
  )
}
