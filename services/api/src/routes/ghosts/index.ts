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
import { assertSelfOrAdmin, ghostsRepo, newId, notFound, podcastsRepo } from '@bookstrut/core'
import { ok, pageWindow, paged, toPage } from '../../respond.js'
import { requireAuth, requireOwnWrite } from '../../plugins/app/auth.js'
import { errorResponses, secured } from '../route-docs.js'
import { getSinglePodcast, toPodcast } from '../../views/podcast-view.js'
import { depsOf } from '../deps.js'

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
    },
    async (req) => {
      const auth = requireOwnWrite(req, req.body.userId)
      // Only titles the reader can see can be ghosted.
      await getSinglePodcast(deps, req.body.podcastId, auth)
      await ghostsRepo.addGhost(app.db, {
        userId: req.body.userId,
        podcastId: req.body.podcastId,
        episodeId: req.body.episodeId ?? null,
        now: app.clock.now(),
      })
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
    },
    async (req) => {
      assertSelfOrAdmin(requireAuth(req).user, req.query.userId)
      const window = pageWindow(req.query.page ?? 1, req.query.limit ?? 10)
      const { rows, total } = await ghostsRepo.listGhosted(
        app.db,
        req.query.userId,
        window.offset,
        window.limit,
      )
      const podcasts = await podcastsRepo.withEpisodes(app.db, rows)
      return paged('Ghosted titles fetched successfully', toPage(podcasts.map(toPodcast), total, window))
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
    },
    async (req) => {
      requireOwnWrite(req, req.query.userId)
      if (!(await ghostsRepo.removeGhost(app.db, req.query.userId, req.query.podcastId)))
        throw notFound('This title is not ghosted.')
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
    async (req) => {
      const types = await ghostsRepo.listReportTypes(app.db, req.query.isActive !== false)
      return ok(
        'Report types fetched successfully',
        types.map((t) => ({ _id: t.id, type: t.type, isActive: t.is_active })),
      )
    },
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
    },
    async (req) => {
      const auth = requireOwnWrite(req, req.body.userId)
      const type = await ghostsRepo.findReportType(app.db, req.body.reportTypeId)
      if (!type?.is_active) throw notFound('Please select a bug report type')
      await getSinglePodcast(deps, req.body.podcastId, auth)
      await ghostsRepo.addReport(app.db, {
        id: newId(),
        userId: req.body.userId,
        reportTypeId: type.id,
        podcastId: req.body.podcastId,
        episodeId: req.body.episodeId ?? null,
      })
      return ok('Report sent successfully', null)
    },
  )
}
