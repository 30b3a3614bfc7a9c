import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type, type TSchema } from '@sinclair/typebox'
import {
  Blog,
  BlogListQuery,
  BlogSingleQuery,
  ContactMessage,
  ContactUsBody,
  Envelope,
  Faq,
  FaqListQuery,
  IdQuery,
  InformationByPathQuery,
  InformationLink,
  InformationListQuery,
  InformationPage,
  PagedBlogs,
  PagedFaqs,
  Settings,
} from '@bookstrut/schemas'
import { access, badRequest } from '@bookstrut/core'
import {
  getBlogPost,
  getFaq,
  getInformationById,
  getInformationByPath,
  listBlogPosts,
  listFaqs,
  listInformationLinks,
  createContactMessage,
  siteSettings,
  type Viewer,
} from '@bookstrut/content'
import { ok, paged } from '../../respond.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'

/** Admins read inactive entries too (the editors' previews); everyone else only active ones. */
const viewerOf = (req: FastifyRequest): Viewer => ({ admin: req.auth?.user.role === 'admin' })

const PAGE_404 = 'Information page not found'
const VISIBILITY =
  'Public. Only active entries exist for callers who are not admins (an inactive one is a 404, `isActive=false` ' +
  'an empty list); an admin sees every entry. HTML fields are sanitized on write and again on the way out.'

/** Site content: information pages, settings, FAQ, blog and the contact form (spec section 7 paths and names). */
export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['content'])
  /** The options of a call answering one entry (404 `notFound` when there is none for the caller). */
  const one = <Q extends TSchema, D extends TSchema>(
    summary: string,
    notFound: string,
    querystring: Q,
    data: D,
  ) =>
    declare({
      summary,
      description: `${VISIBILITY} 404 "${notFound}".`,
      request: { querystring },
      response: { 200: Envelope(data) },
      access: access.public(),
    })
  app.get(
    '/get/all/information',
    declare({
      summary: 'Information pages for the header (menu) or footer',
      request: { querystring: InformationListQuery },
      response: { 200: Envelope(Type.Array(InformationLink)) },
      access: access.public(),
    }),
    async (req) =>
      ok('Information fetched successfully', await listInformationLinks(deps.db, req.query.placeArea)),
  )

  app.get(
    '/get/single/information',
    one(
      'One information page by id (the terms page asks for it by its fixed id)',
      PAGE_404,
      IdQuery,
      InformationPage,
    ),
    async (req) =>
      ok('Information fetched successfully', await getInformationById(deps.db, req.query.id, viewerOf(req))),
  )

  app.get(
    '/get/single/information/by/path',
    one(
      'One information page by its path (/pagedetail/{path})',
      PAGE_404,
      InformationByPathQuery,
      InformationPage,
    ),
    async (req) =>
      ok(
        'Information fetched successfully',
        await getInformationByPath(deps.db, req.query.path, viewerOf(req)),
      ),
  )

  app.get(
    '/get/all/settings',
    declare({
      summary: "Social links, the support address and the home page's featured video (one entry)",
      response: { 200: Envelope(Type.Array(Settings)) },
      access: access.public(),
    }),
    async () => ok('Settings fetched successfully', await siteSettings(deps.db, deps.config.supportEmail)),
  )

  app.get(
    '/get/all/faq',
    declare({
      summary: 'A page of FAQs',
      description:
        `${VISIBILITY} Default order: \`order\` ascending (ties by id); other sort keys default to descending ` +
        'except `question`. `search` looks for the words in the question and the answer. The same answer for ' +
        'the active FAQs is kept as the static file /data/faqs.json.',
      request: { querystring: FaqListQuery },
      response: { 200: PagedFaqs },
      access: access.public(),
    }),
    async (req) => paged('FAQs fetched successfully', await listFaqs(deps.db, req.query, viewerOf(req))),
  )

  app.get('/get/single/faq', one('One FAQ by id', 'FAQ not found', IdQuery, Faq), async (req) =>
    ok('FAQ fetched successfully', await getFaq(deps.db, req.query.id, viewerOf(req))),
  )

  app.get(
    '/get/all/blog',
    declare({
      summary: 'A page of blog posts',
      description:
        `${VISIBILITY} Newest first unless asked otherwise; \`dateFrom\` and \`dateTo\` are days (YYYY-MM-DD, UTC, ` +
        'both inclusive) of the creation date; `search` looks in title, summary, excerpt and content. The active ' +
        'posts are also kept as the static file /data/blogs.json.',
      request: { querystring: BlogListQuery },
      response: { 200: PagedBlogs },
      access: access.public(),
    }),
    async (req) =>
      paged('Blogs fetched successfully', await listBlogPosts(deps.db, req.query, viewerOf(req))),
  )

  app.get(
    '/get/single/blog',
    declare({
      summary: 'One blog post by id or slug',
      description:
        `${VISIBILITY} \`id\` holds a 24-character hexadecimal id or, anything else, a slug (spec); \`slug\` may be ` +
        'given instead. 404 "Blog not found".',
      request: { querystring: BlogSingleQuery },
      response: { 200: Envelope(Blog) },
      access: access.public(),
    }),
    async (req) => {
      const key = req.query.id ?? req.query.slug
      if (!key?.trim()) throw badRequest("id: give the blog post's id or slug")
      return ok('Blog fetched successfully', await getBlogPost(deps.db, key, viewerOf(req)))
    },
  )

  app.post(
    '/create/ContactUs',
    declare({
      summary: 'Send a message to support',
      description:
        "Public (a session token is optional; when present the message is linked to the account). The spec's " +
        'messages: "Name is required", "Email is required", "Email is not valid", "Subject is required", ' +
        '"Message is required", "Message must be at least 10 characters". Stored, then mailed to the support ' +
        'address of the settings (SMTP, or the outbox without SMTP_URL) with Reply-To the sender. At most 5 ' +
        'messages an hour and 20 a day per address (an IPv6 address by its /64), and 60 an hour for the whole ' +
        'site (429 with Retry-After).',
      request: { body: ContactUsBody },
      response: { 201: Envelope(ContactMessage) },
      access: access.public(),
    }),
    async (req, reply) => {
      const message = await createContactMessage(deps, req.body, {
        ip: req.ip,
        userId: req.auth?.user.id ?? null,
        requestId: req.id,
      })
      return reply.code(201).send(ok('Your message has been sent successfully', message))
    },
  )
}
