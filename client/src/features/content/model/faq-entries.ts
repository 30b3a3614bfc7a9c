import { BUILT_IN_FAQS, type Faq, type RelatedLink } from '@bookstrut/schemas'

/** A FAQ as the accordion shows it: from the server (with id and date) or built in (neither). */
export interface FaqEntry {
  id?: string
  question: string
  answer: string
  updatedAt?: string
  relatedLinks: RelatedLink[]
}

export const fromServer = (faqs: readonly Faq[]): FaqEntry[] =>
  faqs.map((f) => ({
    id: f._id,
    question: f.question,
    answer: f.answer,
    updatedAt: f.updatedAt,
    relatedLinks: f.relatedLinks,
  }))

/** The 15 built-in author-promotion questions (spec: used when the server list is empty or fails). */
export const builtInFaqs: FaqEntry[] = BUILT_IN_FAQS.map((f) => ({ ...f, relatedLinks: [...f.relatedLinks] }))

/** Spec texts of the FAQ screens. */
export const FAQ_TEXTS = {
  loading: 'Loading FAQs...',
  offline: (reason: string) => `Using offline FAQ data. Server data unavailable: ${reason}`,
  unableToLoad: (reason: string) => `Unable to load FAQs from server: ${reason}`,
  empty: 'No FAQs available at this time.',
  notFound: 'FAQ Not Found',
} as const

/** schema.org FAQPage for a list of entries (answers as plain text). */
export const faqPageJsonLd = (entries: readonly FaqEntry[], toText: (html: string) => string) => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: entries.map((e) => ({
    '@type': 'Question',
    name: e.question,
    acceptedAnswer: { '@type': 'Answer', text: toText(e.answer) },
  })),
})
