import { newId, notFound, type DbOrTx, type FaqRow } from '@bookstrut/core'
import type { Faq, FaqBody, FaqListQuery, FaqPatch } from '@bookstrut/schemas'
import { containsText } from './content.repository.js'
import type { Page } from '@bookstrut/core'
import { activeValues, emptyPage, listPage, looksLikeId, type Viewer } from './paging.js'
import { sanitizeContentHtml } from './sanitize.js'
import { deleteEntry } from './writes.js'

const SORT_COLUMNS = {
  order: 'sort_order',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  question: 'question',
} as const

export const faqNotFound = () => notFound('FAQ not found')

export const toFaq = (r: FaqRow): Faq => ({
  _id: r.id,
  question: r.question,
  // Sanitized on write already; again here so rows written before a rule tightened are served clean too.
  answer: sanitizeContentHtml(r.answer),
  relatedLinks: r.related_links,
  order: r.sort_order,
  isActive: r.is_active,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
})

/** GET /get/all/faq: a page of FAQs, by `order` ascending unless asked otherwise. */
export async function listFaqs(db: DbOrTx, q: FaqListQuery, viewer: Viewer): Promise<Page<Faq>> {
  const active = activeValues(q.isActive, viewer)
  if (active.length === 0) return emptyPage(q)
  let base = db.selectFrom('faqs').where('is_active', 'in', active)
  if (q.search?.trim()) base = base.where(containsText<'faqs'>(['question', 'answer'], q.search.trim()))
  const sortBy = q.sortBy ?? 'order'
  const direction = q.sortOrder ?? (sortBy === 'order' || sortBy === 'question' ? 'asc' : 'desc')
  return listPage(base, { column: SORT_COLUMNS[sortBy], direction }, q, toFaq)
}

/** GET /get/single/faq: one FAQ by id; an inactive one only for admins. */
export async function getFaq(db: DbOrTx, id: string, viewer: Viewer): Promise<Faq> {
  if (!looksLikeId(id)) throw faqNotFound()
  const row = await db.selectFrom('faqs').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst()
  if (!row || (!row.is_active && !viewer.admin)) throw faqNotFound()
  return toFaq(row)
}

const faqColumns = (b: FaqPatch) => ({
  ...(b.question !== undefined && { question: b.question.trim() }),
  ...(b.answer !== undefined && { answer: sanitizeContentHtml(b.answer) }),
  ...(b.relatedLinks !== undefined && { related_links: JSON.stringify(b.relatedLinks) }),
  ...(b.order !== undefined && { sort_order: b.order }),
  ...(b.isActive !== undefined && { is_active: b.isActive }),
})

export async function createFaq(db: DbOrTx, body: FaqBody, now: Date): Promise<Faq> {
  const row = await db
    .insertInto('faqs')
    .values({
      id: newId(now.getTime()),
      question: body.question.trim(),
      answer: '',
      related_links: '[]',
      ...faqColumns(body),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toFaq(row)
}

export async function updateFaq(db: DbOrTx, id: string, patch: FaqPatch, now: Date): Promise<Faq> {
  const row = await db
    .updateTable('faqs')
    .set({ ...faqColumns(patch), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw faqNotFound()
  return toFaq(row)
}

export const deleteFaq = (db: DbOrTx, id: string) => deleteEntry(db, 'faqs', id, faqNotFound)
