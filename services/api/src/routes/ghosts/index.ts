import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
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
import { access, inBody, inQuery } from '@bookstrut/core'
import { ok, paged } from '../../respond.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { ghostBook, listGhosted, listReportTypes, removeGhost, reportBook } from '@bookstrut/catalogue'

/** Ghosting (hiding a title from one's own results) and reporting a title, for signed-in readers. */
export const ghostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['ghosts and reports'])

  app.post(
    '/create/ghostmode',
    declare({
      summary: 'Ghost (hide) a title; ghosting twice is one ghost',
      request: { body: GhostBody },
      response: { 200: Envelope(Type.Null()) },
      access: access.ownAccountWrite(inBody('userId')),
    }),
    async (req) => {
      await ghostBook(deps, requireAuth(req).user, req.body)
      return ok('Ghost mode activated successfully.', null)
    },
  )

  app.get(
    '/ghostmodepodcast',
    declare({
      summary: "A reader's ghosted titles, latest first",
      request: { querystring: GhostListQuery },
      response: { 200: PagedPodcasts },
      access: access.ownAccount(inQuery('userId')),
    }),
    async (req) => {
      return paged('Ghosted titles fetched successfully', await listGhosted(deps, req.query))
    },
  )

  app.delete(
    '/remove/ghostmode',
    declare({
      summary: 'Show a ghosted title again',
      request: { querystring: RemoveGhostQuery },
      response: { 200: Envelope(Type.Null()) },
      access: access.ownAccountWrite(inQuery('userId')),
    }),
    async (req) => {
      await removeGhost(deps, req.query)
      return ok('Ghost removed successfully.', null)
    },
  )

  app.get(
    '/get/all/reporttype',
    declare({
      summary: 'Reasons a title can be reported for',
      request: { querystring: ReportTypeQuery },
      response: { 200: Envelope(Type.Array(ReportType)) },
      access: access.public(),
    }),
    async (req) =>
      ok('Report types fetched successfully', await listReportTypes(deps, req.query.isActive !== false)),
  )

  app.post(
    '/create/reportpodcast',
    declare({
      summary: 'Report a title; the same report twice counts once',
      request: { body: ReportBody },
      response: { 200: Envelope(Type.Null()) },
      access: access.ownAccountWrite(inBody('userId')),
    }),
    async (req) => {
      await reportBook(deps, requireAuth(req).user, req.body)
      return ok('Report sent successfully', null)
    },
  )
}
