import {
  audited,
  recorded,
  type AdminActor,
  type AuditedChange,
  type Clock,
  type Db,
  type DbOrTx,
} from '@bookstrut/core'
import type {
  Blog,
  BlogBody,
  BlogPatch,
  Faq,
  FaqBody,
  FaqPatch,
  InformationBody,
  InformationPage,
  InformationPatch,
  SettingsPatch,
} from '@bookstrut/schemas'
import { createBlogPost, deleteBlogPost, getBlogPost, updateBlogPost } from './blog-posts.js'
import { createFaq, deleteFaq, getFaq, updateFaq } from './faqs.js'
import {
  createInformationPage,
  deleteInformationPage,
  getInformationById,
  updateInformationPage,
} from './information-pages.js'
import { siteSettings, updateSettings } from './settings.js'

/*
 * The admin's content writes, each through core's `audited()` (issue 33): the write and its audit entry commit in
 * one transaction, a refused write (404, 409) leaves none, and a write that changed nothing leaves none.
 */

export interface AuditDeps {
  db: Db
  clock: Clock
}

const ADMIN = { admin: true }

/** An entry's state for the log: its content without the timestamps (a repeated save that only bumps
 * `updatedAt` changed nothing an admin did). */
const stateOf = <T extends object>(entry: T) => {
  const { createdAt: _c, updatedAt: _u, ...state } = entry as T & { createdAt?: unknown; updatedAt?: unknown }
  return state
}

type Kind = 'faq' | 'blog' | 'information'
const TABLE = { faq: 'faqs', blog: 'blog_posts', information: 'information_pages' } as const
const TARGET = { faq: 'faq', blog: 'blog_post', information: 'information_page' } as const
const READ = {
  faq: (db: DbOrTx, id: string) => getFaq(db, id, ADMIN),
  blog: (db: DbOrTx, id: string) => getBlogPost(db, id, ADMIN),
  information: (db: DbOrTx, id: string) => getInformationById(db, id, ADMIN),
}

/** The entry as it is, locked until the transaction ends (a concurrent edit cannot slip between before and after);
 * an unknown id throws the kind's 404. */
async function lockedState(trx: DbOrTx, kind: Kind, id: string) {
  await trx.selectFrom(TABLE[kind]).select('id').where('id', '=', id.toLowerCase()).forUpdate().execute()
  return stateOf(await READ[kind](trx, id))
}

/** One kind's plain writes (the content functions of its module). */
interface Writes<B, P, T> {
  create: (db: DbOrTx, body: B, now: Date) => Promise<T>
  update: (db: DbOrTx, id: string, patch: P, now: Date) => Promise<T>
  remove: (db: DbOrTx, id: string) => Promise<void>
}

/** A kind's writes, each audited: `faqWrites.update(deps, actor, id, patch)`. */
const auditedWritesOf = <B, P, T extends { _id: string }>(kind: Kind, w: Writes<B, P, T>) => ({
  create: (deps: AuditDeps, actor: AdminActor, body: B) =>
    audited(deps, actor, async (trx): Promise<AuditedChange<T>> => {
      const made = await w.create(trx, body, deps.clock.now())
      return recorded(made, `${kind}.create`, [TARGET[kind], made._id], null, stateOf(made))
    }),
  update: (deps: AuditDeps, actor: AdminActor, id: string, patch: P) =>
    audited(deps, actor, async (trx): Promise<AuditedChange<T>> => {
      const before = await lockedState(trx, kind, id)
      const after = await w.update(trx, id, patch, deps.clock.now())
      return recorded(after, `${kind}.update`, [TARGET[kind], id], before, stateOf(after))
    }),
  remove: (deps: AuditDeps, actor: AdminActor, id: string) =>
    audited(deps, actor, async (trx): Promise<AuditedChange<null>> => {
      const before = await lockedState(trx, kind, id)
      await w.remove(trx, id)
      return recorded(null, `${kind}.delete`, [TARGET[kind], id], before, null)
    }),
})

export const faqWrites = auditedWritesOf<FaqBody, FaqPatch, Faq>('faq', {
  create: createFaq,
  update: updateFaq,
  remove: deleteFaq,
})
export const blogWrites = auditedWritesOf<BlogBody, BlogPatch, Blog>('blog', {
  create: createBlogPost,
  update: updateBlogPost,
  remove: deleteBlogPost,
})
export const informationWrites = auditedWritesOf<InformationBody, InformationPatch, InformationPage>(
  'information',
  { create: createInformationPage, update: updateInformationPage, remove: deleteInformationPage },
)

/** The settings before and after, as GET /get/all/settings answers them (one row, locked for the change). */
export const auditedUpdateSettings = (
  deps: AuditDeps,
  actor: AdminActor,
  patch: SettingsPatch,
  supportEmail: string,
) =>
  audited(deps, actor, async (trx) => {
    await trx.selectFrom('site_settings').select('id').forUpdate().execute()
    const before = await siteSettings(trx, supportEmail)
    const after = await updateSettings(trx, patch, supportEmail)
    return recorded(after, 'settings.update', ['settings', after[0]?._id ?? 'site'], before, after)
  })
