import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import path from 'node:path'
import {
  AuthorBooks,
  AuthorBooksQuery,
  Envelope,
  HomePageData,
  HomePageQuery,
  LISTING_CREATED_MESSAGE,
  LISTING_UPDATED_MESSAGE,
  ListingFormBody,
  ModeratePodcastBody,
  ModerationQueueQuery,
  PagedPodcasts,
  Podcast,
  PodcastListQuery,
  SinglePodcastQuery,
  UpdatePodcastQuery,
  UserPodcastsQuery,
} from '@bookstrut/schemas'
import { ok, paged, type Page } from '../../respond.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { access, actsForRule, inBody, inQuery, listsBooksRule, ruleWhen } from '@bookstrut/core'
import { anonymousIdOf } from '../../plugins/app/anonymous-id.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { actorOf } from '../../plugins/app/admin-actor.js'
import { bookForReader, homeTop20, withReactionFlags } from '@bookstrut/analytics'
import * as catalogue from '@bookstrut/catalogue'
import { featuredVideo } from '@bookstrut/content'
import { listingFormOf, readListingForm, removeListingUpload } from './listing-form.js'
import { limitAuthorPages } from './author-pages-rate-limit.js'

const LISTING_FORM_DOC =
  'multipart/form-data with the fields title, author, categoryName, primary_key, secondary_key, additional_key, description, ' +
  'publisher, get_this_url, year_published, ISBN, language, youtube_url, tiktok_url (paid plans), transcript, and the files ' +
  'bookCoverImage (JPEG/PNG/GIF/WEBP ≤ 2 MB and ≤ 40 megapixels), authorImage (≤ 1 MB), podcast (MP3 ≤ 7,340,032 bytes and ≤ 300 s; ' +
  'the duration is measured by counting its MPEG frames, and a file whose Xing/VBRI header disagrees with its frames, or with ' +
  'non-audio bytes between them, is refused). A whole form over 11,206,656 bytes, or with more than 3 files or 40 text fields, ' +
  'is refused with 413 as soon as that is known, and a field over 16 KB with 400. Lengths are counted without whitespace; links without a scheme ' +
  'get https://.'

/** Listings: the author side (create, edit), the public reads, and admin moderation. */
export const bookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { ...depsOf(app), media: app.media }
  /** A page of books with the reader's own like and favourite flags (none for anonymous callers). */
  const readersPage = async (readerId: string | undefined, page: Page<Podcast>) => ({
    ...page,
    data: await withReactionFlags(deps, readerId, page.data),
  })
  const tags = ['catalogue']
  const declare = declarer(tags)
  /** The form becomes the body its schema checks; who may write is settled before (`access.beforeBody`). */
  const readForm = {
    preValidation: readListingForm(path.join(app.config.dataDir, 'tmp')),
    // Removed before the answer is written, so a caller that reads the answer finds no temporary file left.
    onSend: removeListingUpload,
  }

  app.post(
    '/create/podcast',
    {
      ...declare({
        summary: 'List a book (starts pending)',
        description: LISTING_FORM_DOC,
        request: { consumes: ['multipart/form-data'], body: ListingFormBody },
        response: { 201: Envelope(Podcast) },
        access: access.beforeBody(
          access.signedInWrite(
            listsBooksRule,
            actsForRule(inBody('createBy'), 'You can only list books for your own account.'),
          ),
        ),
      }),
      ...readForm,
    },
    async (req, reply) => {
      const book = await catalogue.createListing(deps, requireAuth(req).user, listingFormOf(req, req.body))
      return reply.code(201).send(ok(LISTING_CREATED_MESSAGE, book))
    },
  )

  app.put(
    '/update/podcast',
    {
      ...declare({
        summary: 'Edit a listing (changed fields only)',
        description: `${LISTING_FORM_DOC} Title, author, category, ideas and description lock 72 hours after creation. An edited listing goes back to moderation.`,
        request: {
          consumes: ['multipart/form-data', 'application/json'],
          querystring: UpdatePodcastQuery,
          body: ListingFormBody,
        },
        response: { 200: Envelope(Podcast) },
        access: access.ownerOf(access.beforeBody(access.signedInWrite(listsBooksRule)), {
          kind: 'book',
          at: inQuery('podcastId'),
          refused: 'You can only edit your own listings.',
        }),
      }),
      ...readForm,
    },
    async (req) => {
      const form = listingFormOf(req, req.body)
      const { podcastId: bookId, episodeId } = req.query
      const caller = requireAuth(req).user
      const { book, changed } = await catalogue.updateListing(deps, caller, { bookId, episodeId }, form)
      return ok(changed ? LISTING_UPDATED_MESSAGE : 'No changes detected!', book)
    },
  )

  app.get(
    '/get/Single/Podcast',
    declare({
      summary: 'One listing',
      request: { querystring: SinglePodcastQuery },
      response: { 200: Envelope(Podcast) },
      access: access.public(actsForRule(inQuery('userid'))),
    }),
    async (req) => {
      return ok(
        'Podcast fetched successfully',
        await bookForReader(deps, req.query.PodcastId, req.auth?.user),
      )
    },
  )

  app.get(
    '/get/all/podcasts',
    declare({
      summary: 'Listings by search and owner (the owner sees every state of their own)',
      request: { querystring: PodcastListQuery },
      response: { 200: PagedPodcasts },
      access: access.public(),
    }),
    async (req) => {
      const page = await catalogue.listBooks(deps, req.query, req.auth?.user)
      return paged('Podcasts fetched successfully', await readersPage(req.auth?.user.id, page))
    },
  )

  app.get(
    '/user/podcasts',
    declare({
      summary: "An author's titles (approved)",
      request: { querystring: UserPodcastsQuery },
      response: { 200: Envelope(Type.Array(Podcast)) },
      access: access.public(
        actsForRule(inQuery('userId')),
        ruleWhen(
          'a status other than approved is asked for',
          ({ query }) => catalogue.asksForUnpublished(query as { status?: 0 | 1 | 2 }),
          actsForRule(inQuery('createBy'), 'Only the owner can list unpublished titles.'),
        ),
      ),
    }),
    async (req) =>
      ok(
        'Podcasts fetched successfully',
        await withReactionFlags(deps, req.auth?.user.id, await catalogue.userBooks(deps, req.query)),
      ),
  )

  app.get(
    '/author/books',
    {
      ...declare({
        summary: "An author's page: their approved books by the author's name, and the accounts listing them",
        description:
          'The author as books name them (`author`), not an account: an imported book belongs to the account that ' +
          'imported it (its publisher, whose profile is GET /get/single/user), so its author has no account. ' +
          '`name` is matched whole, ignoring case and repeated spaces (no wildcards); 404 NOT_FOUND when no ' +
          'approved book has that author. `userId`, when sent, must be the caller (403 otherwise); it adds the ' +
          "caller's like and favourite flags. Rate-limited per account when signed in (authorPagesPerAccount: 120 " +
          'a minute), else per IP address (authorPagesPerIp: 60 a minute), counted before anything is read; past ' +
          'it 429 RATE_LIMITED with Retry-After.',
        request: { querystring: AuthorBooksQuery },
        response: { 200: Envelope(AuthorBooks) },
        access: access.public(actsForRule(inQuery('userId'))),
      }),
      onRequest: limitAuthorPages(app.limits),
    },
    async (req) => {
      const author = await catalogue.authorBooks(deps, req.query)
      const data = await withReactionFlags(deps, req.auth?.user.id, author.data)
      return ok('Author fetched successfully', { ...author, data })
    },
  )

  app.get(
    '/home/page',
    declare({
      summary: 'Home page: the Top 20 and the featured video',
      description:
        'The latest Top 20 ranking (docs/analytics.md, "The Top 20"), best first, paged by `limit`; ' +
        'titles blocked or unapproved since the ranking are left out. While nobody has engaged with any title ' +
        '(no ranking, or an empty one) the newest approved titles instead. Each title answered counts as a view ' +
        '(an impression in `top20` mode, docs/analytics.md "What a view is"): ask for the titles you show.',
      request: { querystring: HomePageQuery },
      response: { 200: Envelope(HomePageData) },
      access: access.public(actsForRule(inQuery('userid'))),
    }),
    async (req) => {
      const who = {
        userId: req.auth?.user.id ?? null,
        anonymousId: req.auth ? undefined : await anonymousIdOf(req),
      }
      const data = await homeTop20(deps, req.query, who)
      // The featured video an admin set in the settings (null when none).
      return ok('Home page fetched successfully', { homePageMedia: await featuredVideo(deps.db), data })
    },
  )

  app.get(
    '/admin/podcasts',
    {
      ...declare({
        tags: ['admin'],
        summary: 'Moderation queue (pending first-come first-served)',
        description:
          'Listings by status (default pending), oldest first, with their podblurbs, media and ideas. Admins only ' +
          '(401/403); on the per-admin limit (429).',
        request: { querystring: ModerationQueueQuery },
        response: { 200: PagedPodcasts },
        access: access.admin(),
      }),
      preHandler: limitPerAccount(deps.limits, 'adminPerAccount'),
    },
    async (req) => paged('Podcasts fetched successfully', await catalogue.moderationQueue(deps, req.query)),
  )

  app.put(
    '/admin/podcast/status',
    {
      ...declare({
        tags: ['admin'],
        summary: 'Approve (1) or reject (2, with statusComment) a listing',
        description:
          'A rejection needs a comment for the owner (400). Writes one audit log entry (listing.moderate) in the same ' +
          'transaction. Admins only (401/403); on the per-admin limit (429).',
        request: { body: ModeratePodcastBody },
        response: { 200: Envelope(Podcast) },
        access: access.admin(),
      }),
      preHandler: limitPerAccount(deps.limits, 'adminPerAccount'),
    },
    async (req) => {
      const { podcastId: bookId, status, statusComment } = req.body
      const book = await catalogue.moderate(deps, { bookId, status, statusComment }, actorOf(req))
      return ok(req.body.status === 1 ? 'Podcast approved' : 'Podcast rejected', book)
    },
  )
}
