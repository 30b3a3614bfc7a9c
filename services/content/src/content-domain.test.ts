import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { BUILT_IN_FAQS, TERMS_INFORMATION_ID } from '@bookstrut/schemas'
import { seedDemoContent } from './demo-content.js'
import { listPublicContentPaths } from './public-paths.js'
import { updateFaq } from './faqs.js'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb('content_domain')
})
afterAll(async () => t?.drop())

it('seeds an empty site once: the 15 FAQs, three posts, the terms at their fixed id and the pages', async () => {
  expect(await seedDemoContent(t.db)).toEqual({ faqs: 15, posts: 3, pages: 4 })
  expect(await seedDemoContent(t.db)).toEqual({ faqs: 0, posts: 0, pages: 0 })
  const faqs = await t.db
    .selectFrom('faqs')
    .select(['question', 'sort_order'])
    .orderBy('sort_order')
    .execute()
  expect(faqs.map((f) => f.question)).toEqual(BUILT_IN_FAQS.map((f) => f.question))
  const terms = await t.db
    .selectFrom('information_pages')
    .selectAll()
    .where('id', '=', TERMS_INFORMATION_ID)
    .executeTakeFirstOrThrow()
  expect(terms.path).toBe('terms-conditions')
})

it('lists every public content path for the sitemap, active entries only', async () => {
  const paths = (await listPublicContentPaths(t.db)).map((p) => p.path)
  expect(paths).toEqual(expect.arrayContaining(['/faq', '/blog', '/Policy', '/terms-conditions']))
  expect(paths.filter((p) => p.startsWith('/faq/'))).toHaveLength(15)
  expect(paths).toContain('/blog/find-books-by-describing-ideas')
  expect(paths).toContain('/pagedetail/about-us')
  const first = await t.db.selectFrom('faqs').select('id').orderBy('sort_order').executeTakeFirstOrThrow()
  await updateFaq(t.db, first.id, { isActive: false }, new Date())
  expect((await listPublicContentPaths(t.db)).map((p) => p.path)).not.toContain(`/faq/${first.id}`)
})
