import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { DbOrTx } from '@bookstrut/core'
import { listBlogPosts } from './blog-posts.js'
import { listFaqs } from './faqs.js'

/** The static files the spec's client tries before the API (`/data/faqs.json`, `/data/blogs.json`). */
export const SNAPSHOT_FILES = { faqs: 'faqs.json', blogs: 'blogs.json' } as const
/** Entries per snapshot: the FAQ list's 100 (spec), and as many posts. */
const SNAPSHOT_LIMIT = 100

const PUBLIC = { admin: false }

async function writeAtomically(file: string, body: unknown) {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(tmp, JSON.stringify(body))
  // Rename: a reader sees the old file or the new one, never half of one.
  await rename(tmp, file)
}

/**
 * Writes both snapshots from the database into `dir`: the same paged answer the list calls give the spec's client
 * (active entries, FAQs by order, posts newest first). Called at start and after every FAQ or blog write.
 */
export async function writeContentSnapshots(db: DbOrTx, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const [faqs, blogs] = await Promise.all([
    listFaqs(db, { limit: SNAPSHOT_LIMIT, sortBy: 'order', sortOrder: 'asc' }, PUBLIC),
    listBlogPosts(db, { limit: SNAPSHOT_LIMIT, sortBy: 'createdAt', sortOrder: 'desc' }, PUBLIC),
  ])
  await writeAtomically(path.join(dir, SNAPSHOT_FILES.faqs), {
    success: true,
    message: 'FAQs fetched successfully',
    ...faqs,
  })
  await writeAtomically(path.join(dir, SNAPSHOT_FILES.blogs), {
    success: true,
    message: 'Blogs fetched successfully',
    ...blogs,
  })
}

/**
 * Regenerations one after the other: two writes close together never let the older answer land last. Each call
 * waits for the ones before it, then reads the database afresh.
 */
export function snapshotWriter(db: DbOrTx, dir: string, onError: (err: unknown) => void) {
  let chain: Promise<void> = Promise.resolve()
  return {
    refresh(): Promise<void> {
      chain = chain.then(() => writeContentSnapshots(db, dir)).catch(onError)
      return chain
    },
  }
}
