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
import { errorResponses, secured } from '../route-docs.js'
import { depsOf } from '../deps.js'
import { ghostBook, listGhosted, listReportTypes, removeGhost, reportBook } from './ghosts.service.js'

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
      config: { access: access.ownAccountWrite(inBody('userId')) },
    },
    async (req) => {
      await ghostBook(deps, requireAuth(req), req.body)
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
      config: { access: access.ownAccount(inQuery('userId')) },
    },
    async (req) => {
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
      config: { access: access.ownAccountWrite(inQuery('userId')) },
    },
    async (req) => {
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
      config: { access: access.public() },
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
      config: { access: access.ownAccountWrite(inBody('userId')) },
    },
    async (req) => {
      await reportBook(deps, requireAuth(req), req.body)
      return ok('Report sent successfully', null)
    },
  )
}
