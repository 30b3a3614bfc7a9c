import { conflict, newId, notFound, type DbOrTx, type InformationPageRow } from '@bookstrut/core'
import type { InformationBody, InformationLink, InformationPage, InformationPatch } from '@bookstrut/schemas'
import { listInformationPages } from './content.repository.js'
import { looksLikeId, type Viewer } from './paging.js'
import { sanitizeContentHtml } from './sanitize.js'
import { deleteEntry, withUniqueConflict } from './writes.js'

export const pageNotFound = () => notFound('Information page not found')

const toPage = (r: InformationPageRow): InformationPage => ({
  _id: r.id,
  path: r.path,
  information_name: r.information_name,
  information_Description: sanitizeContentHtml(r.information_description),
  placeArea: r.place_area,
  order: r.sort_order,
  isActive: r.is_active,
  updatedAt: r.updated_at.toISOString(),
})

/** The information pages linked from the header (menu) or the footer. */
export async function listInformationLinks(
  db: DbOrTx,
  placeArea: 'menu' | 'footer' | undefined,
): Promise<InformationLink[]> {
  const rows = await listInformationPages(db, placeArea)
  return rows.map((r) => ({
    _id: r.id,
    path: r.path,
    information_name: r.information_name,
    placeArea: r.place_area,
  }))
}

/** Pages an admin's list holds at most (information pages are a handful; the cap keeps the answer bounded). */
export const ADMIN_INFORMATION_LIMIT = 500

/** Every information page, published or not, with its HTML: the admin's list (GET /admin/information). */
export async function listAllInformationPages(db: DbOrTx): Promise<InformationPage[]> {
  const rows = await db
    .selectFrom('information_pages')
    .selectAll()
    .orderBy('place_area')
    .orderBy('sort_order')
    .orderBy('information_name')
    .limit(ADMIN_INFORMATION_LIMIT)
    .execute()
  return rows.map(toPage)
}

async function findPage(db: DbOrTx, column: 'id' | 'path', value: string, viewer: Viewer) {
  const row = await db
    .selectFrom('information_pages')
    .selectAll()
    .where(column, '=', value)
    .executeTakeFirst()
  if (!row || (!row.is_active && !viewer.admin)) throw pageNotFound()
  return toPage(row)
}

/** GET /get/single/information?id (the terms page asks for its fixed id). */
export const getInformationById = (db: DbOrTx, id: string, viewer: Viewer) =>
  findPage(db, 'id', id.toLowerCase(), viewer)

/** GET get/single/information/by/path?path: the page behind /pagedetail/{path}. */
export async function getInformationByPath(db: DbOrTx, path: string, viewer: Viewer) {
  const key = path.trim().toLowerCase()
  if (looksLikeId(key)) return findPage(db, 'id', key, viewer)
  return findPage(db, 'path', key, viewer)
}

const pathTaken = (path: string) => conflict(`An information page with the path "${path}" already exists.`)

const pageColumns = (b: InformationPatch) => ({
  ...(b.path !== undefined && { path: b.path }),
  ...(b.information_name !== undefined && { information_name: b.information_name.trim() }),
  ...(b.information_Description !== undefined && {
    information_description: sanitizeContentHtml(b.information_Description),
  }),
  ...(b.placeArea !== undefined && { place_area: b.placeArea }),
  ...(b.order !== undefined && { sort_order: b.order }),
  ...(b.isActive !== undefined && { is_active: b.isActive }),
})

/** Writes one page (`id` given: that page, created when missing, as the seed's fixed terms page). */
export async function createInformationPage(
  db: DbOrTx,
  body: InformationBody,
  now: Date,
  id = newId(now.getTime()),
) {
  const row = await withUniqueConflict(
    db
      .insertInto('information_pages')
      .values({
        id,
        ...pageColumns(body),
        path: body.path,
        information_name: body.information_name.trim(),
        place_area: body.placeArea,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
    () => pathTaken(body.path),
  )
  return toPage(row)
}

export async function updateInformationPage(db: DbOrTx, id: string, patch: InformationPatch, now: Date) {
  const row = await withUniqueConflict(
    db
      .updateTable('information_pages')
      .set({ ...pageColumns(patch), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(() => pageNotFound()),
    () => pathTaken(patch.path ?? ''),
  )
  return toPage(row)
}

export const deleteInformationPage = (db: DbOrTx, id: string) =>
  deleteEntry(db, 'information_pages', id, pageNotFound)
