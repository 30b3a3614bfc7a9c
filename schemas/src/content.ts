import { Type, type Static, type TLiteral, type TObject, type TUnion } from '@sinclair/typebox'
import { Id, PageNumber, pagedFields } from './common.js'
import {
  CONTACT_EMAIL_PATTERN,
  CONTACT_MESSAGE_PATTERN,
  CONTACT_MESSAGES,
  CONTACT_TEXT_PATTERN,
} from './contact-rules.js'

export const PlaceArea = Type.Union([Type.Literal('menu'), Type.Literal('footer')])
export const InformationListQuery = Type.Object({ placeArea: Type.Optional(PlaceArea) })
export type InformationListQuery = Static<typeof InformationListQuery>

/** A dynamic information page as listed in the header's Other Menu and the footer. */
export const InformationLink = Type.Object({
  _id: Id,
  path: Type.String(),
  information_name: Type.String(),
  placeArea: PlaceArea,
})
export type InformationLink = Static<typeof InformationLink>

/** The fixed information page the terms route (/terms-conditions) fetches by id (spec author-and-content 7). */
export const TERMS_INFORMATION_ID = '00000000000000000000a001'

/** A page path: lower-case words joined by hyphens, as it appears in /pagedetail/{path}. */
export const PagePath = Type.String({
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 80,
  description: 'lower-case words joined by hyphens',
  errorMessage: 'path: use lower-case letters, digits and single hyphens (at most 80 characters)',
})

/** One information page with its (sanitized) HTML. Spelling of `information_Description` as in the spec. */
export const InformationPage = Type.Object({
  _id: Id,
  path: Type.String(),
  information_name: Type.String(),
  information_Description: Type.String({ description: 'sanitized HTML' }),
  placeArea: PlaceArea,
  order: Type.Integer(),
  isActive: Type.Boolean(),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type InformationPage = Static<typeof InformationPage>
export const InformationByPathQuery = Type.Object({ path: Type.String({ minLength: 1, maxLength: 80 }) })

export const Settings = Type.Object({
  _id: Id,
  Facebook: Type.String(),
  Instagram: Type.String(),
  YouTube: Type.String(),
  TikTok: Type.String(),
  authEmailCredentials: Type.Object({ email: Type.String({ description: 'the support address' }) }),
  homePageMedia: Type.String({ description: "the home page's featured video link ('' when none)" }),
})
export type Settings = Static<typeof Settings>

/**
 * A link under a FAQ answer or a blog post. Internal links are site paths (routed in the app), external ones
 * http(s) addresses (opened in a new tab); nothing else (no `javascript:`, no protocol-relative `//host`).
 */
export const RelatedLink = Type.Object({
  linkText: Type.String({ minLength: 1, maxLength: 200 }),
  linkUrl: Type.String({
    maxLength: 2000,
    pattern: '^(/(?![/\\\\])|https?://)[^\\s]*$',
    errorMessage: 'linkUrl: a site path starting with / or an http(s) address',
  }),
  linkType: Type.Union([Type.Literal('internal'), Type.Literal('external')]),
})
export type RelatedLink = Static<typeof RelatedLink>

/** One of a few words (a sort key, a direction). */
const oneOf = <const T extends readonly string[]>(values: T) =>
  // TypeBox cannot type a union built from a list; the cast names what it is.
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<{
    -readonly [K in keyof T]: TLiteral<T[K]>
  }>
const SortOrder = oneOf(['asc', 'desc'])
const IsActiveFilter = Type.Boolean({
  description: 'admins may list inactive entries; for everyone else only active entries exist',
})
const SearchText = Type.String({
  maxLength: 200,
  description: 'words in the question or answer (title, text)',
})
const ListLimit = Type.Integer({ minimum: 1, maximum: 100, default: 10 })

export const Faq = Type.Object({
  _id: Id,
  question: Type.String(),
  answer: Type.String({ description: 'sanitized HTML' }),
  relatedLinks: Type.Array(RelatedLink),
  order: Type.Integer(),
  isActive: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Faq = Static<typeof Faq>

export const FaqSortBy = oneOf(['order', 'createdAt', 'updatedAt', 'question'])
export const FaqListQuery = Type.Object({
  isActive: Type.Optional(IsActiveFilter),
  search: Type.Optional(SearchText),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(ListLimit),
  sortBy: Type.Optional(FaqSortBy),
  sortOrder: Type.Optional(SortOrder),
})
export type FaqListQuery = Static<typeof FaqListQuery>

/** The spec's paged list answer: the page fields sit beside `data`. */
const PagedOf = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Object(pagedFields(item))
export const PagedFaqs = PagedOf(Faq)
export type PagedFaqs = Static<typeof PagedFaqs>

export const BlogSection = Type.Object({
  subtitle: Type.String({ maxLength: 300 }),
  subcontent: Type.String({ maxLength: 50_000, description: 'HTML, sanitized on write and on render' }),
})
export type BlogSection = Static<typeof BlogSection>

export const Blog = Type.Object({
  _id: Id,
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  excerpt: Type.String(),
  content: Type.String({ description: 'sanitized HTML' }),
  sections: Type.Array(BlogSection),
  category: Type.String(),
  seoTitle: Type.String(),
  seoDescription: Type.String(),
  seoKeywords: Type.Array(Type.String()),
  relatedLinks: Type.Array(RelatedLink),
  isActive: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Blog = Static<typeof Blog>

const DateParam = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'a day, YYYY-MM-DD (inclusive)',
  errorMessage: 'use a date as YYYY-MM-DD',
})
export const BlogSortBy = oneOf(['createdAt', 'updatedAt', 'title'])
export const BlogListQuery = Type.Object({
  isActive: Type.Optional(IsActiveFilter),
  search: Type.Optional(SearchText),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(ListLimit),
  sortBy: Type.Optional(BlogSortBy),
  sortOrder: Type.Optional(SortOrder),
  dateFrom: Type.Optional(DateParam),
  dateTo: Type.Optional(DateParam),
})
export type BlogListQuery = Static<typeof BlogListQuery>
export const PagedBlogs = PagedOf(Blog)
export type PagedBlogs = Static<typeof PagedBlogs>

/** `id` may hold a 24-hex id or a slug (spec: a 24-character hexadecimal value is an id, anything else a slug). */
export const BlogSingleQuery = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
})
export type BlogSingleQuery = Static<typeof BlogSingleQuery>

// Admin write bodies. HTML fields are sanitized on write; the limits keep one entry a page, not a dump.
const Html = (max: number) =>
  Type.String({ maxLength: max, description: 'HTML; sanitized before it is stored' })
const Title = (max: number, name: string) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    pattern: '\\S',
    errorMessage: `${name}: 1 to ${max} characters, not blank`,
  })
const Links = Type.Array(RelatedLink, { maxItems: 20 })
const Order = Type.Integer({ minimum: -100_000, maximum: 100_000 })
/** Whether an entry is shown to everyone (default true); inactive ones only to admins. */
const Active = { isActive: Type.Optional(Type.Boolean()) }
/** A change: any of the body's fields, at least one. */
const patchOf = <T extends TObject>(body: T) => Type.Partial(body, { minProperties: 1 })

export const FaqBody = Type.Object({
  question: Title(500, 'question'),
  answer: Html(20_000),
  relatedLinks: Type.Optional(Links),
  order: Type.Optional(Order),
  ...Active,
})
export type FaqBody = Static<typeof FaqBody>

export const Slug = Type.String({
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 120,
  errorMessage: 'slug: use lower-case letters, digits and single hyphens (at most 120 characters)',
})
export const BlogBody = Type.Object({
  title: Title(300, 'title'),
  slug: Type.Optional(Slug),
  summary: Type.Optional(Type.String({ maxLength: 5_000 })),
  excerpt: Type.Optional(Type.String({ maxLength: 1_000 })),
  content: Html(100_000),
  sections: Type.Optional(Type.Array(BlogSection, { maxItems: 30 })),
  category: Type.Optional(Type.String({ maxLength: 80 })),
  seoTitle: Type.Optional(Type.String({ maxLength: 200 })),
  seoDescription: Type.Optional(Type.String({ maxLength: 400 })),
  seoKeywords: Type.Optional(Type.Array(Type.String({ maxLength: 80 }), { maxItems: 30 })),
  relatedLinks: Type.Optional(Links),
  ...Active,
})
export type BlogBody = Static<typeof BlogBody>

export const InformationBody = Type.Object({
  path: PagePath,
  information_name: Title(200, 'information_name'),
  information_Description: Html(100_000),
  placeArea: PlaceArea,
  order: Type.Optional(Order),
  ...Active,
})
export type InformationBody = Static<typeof InformationBody>

// The changes an admin sends: any of a body's fields, at least one.
export const FaqPatch = patchOf(FaqBody)
export const BlogPatch = patchOf(BlogBody)
export const InformationPatch = patchOf(InformationBody)
export type FaqPatch = Partial<FaqBody>
export type BlogPatch = Partial<BlogBody>
export type InformationPatch = Partial<InformationBody>

const WebLink = (name: string) =>
  Type.String({
    maxLength: 2000,
    pattern: '^(|https?://[^\\s]+|/(?![/\\\\])[^\\s]*)$',
    errorMessage: `${name}: an http(s) address, a site path, or empty`,
  })
export const SettingsPatch = Type.Partial(
  Type.Object({
    Facebook: WebLink('Facebook'),
    Instagram: WebLink('Instagram'),
    YouTube: WebLink('YouTube'),
    TikTok: WebLink('TikTok'),
    supportEmail: Type.String({
      maxLength: 254,
      pattern: `^(|${CONTACT_EMAIL_PATTERN.slice(1, -1)})$`,
      errorMessage: 'supportEmail: an e-mail address, or empty for the SUPPORT_EMAIL setting',
    }),
    homePageMedia: WebLink('homePageMedia'),
  }),
  { minProperties: 1 },
)
export type SettingsPatch = Static<typeof SettingsPatch>

/** POST /create/ContactUs with the spec's messages (reader-and-account section 5); contact-rules.ts for the client. */
export const ContactUsBody = Type.Object(
  {
    name: Type.String({
      maxLength: 100,
      pattern: CONTACT_TEXT_PATTERN,
      errorMessage: {
        pattern: CONTACT_MESSAGES.nameRequired,
        maxLength: 'Name must not exceed 100 characters',
      },
    }),
    email: Type.String({
      maxLength: 254,
      pattern: CONTACT_EMAIL_PATTERN,
      errorMessage: { pattern: CONTACT_MESSAGES.emailInvalid, maxLength: CONTACT_MESSAGES.emailInvalid },
    }),
    subject: Type.String({
      maxLength: 200,
      pattern: CONTACT_TEXT_PATTERN,
      errorMessage: {
        pattern: CONTACT_MESSAGES.subjectRequired,
        maxLength: 'Subject must not exceed 200 characters',
      },
    }),
    message: Type.String({
      maxLength: 5000,
      pattern: CONTACT_MESSAGE_PATTERN,
      errorMessage: {
        pattern: CONTACT_MESSAGES.messageTooShort,
        maxLength: 'Message must not exceed 5000 characters',
      },
    }),
  },
  {
    errorMessage: {
      required: {
        name: CONTACT_MESSAGES.nameRequired,
        email: CONTACT_MESSAGES.emailRequired,
        subject: CONTACT_MESSAGES.subjectRequired,
        message: CONTACT_MESSAGES.messageRequired,
      },
    },
  },
)
export type ContactUsBody = Static<typeof ContactUsBody>

export const ContactMessage = Type.Object({
  _id: Id,
  createdAt: Type.String({ format: 'date-time' }),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
})
export type ContactMessage = Static<typeof ContactMessage>
