import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { MultipartFile } from '@fastify/multipart'
import { Type } from '@sinclair/typebox'
import { access, badRequest, inBody, inQuery } from '@bookstrut/core'
import {
  getImport,
  importReport,
  listImports,
  MAX_IMPORT_BYTES,
  ownShelvesRule,
  placeOfBook,
  shelfCounts,
  shelfPage,
  shelveBook,
  startImport,
  undoImport,
  unshelveBook,
} from '@bookstrut/library'
import {
  Envelope,
  ImportParams,
  ImportRowsQuery,
  LibraryImport,
  PagedImportRows,
  PagedShelvedBooks,
  ReaderQuery,
  ShelfBookQuery,
  ShelfCounts,
  ShelfPageQuery,
  ShelfParams,
  ShelfPlace,
  ShelveBody,
} from '@bookstrut/schemas'
import { ok, paged } from '../../respond.js'
import { formParts, type FormLimits } from '../../plugins/app/upload-limits.js'
import { withBooks } from '../../views/shelf-view.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'

const PRIVATE =
  "The reader's own library only: `userId` must be the caller (403 otherwise, admins included: shelves are private). "
const READS = `${PRIVATE}Reads: 600 a minute per account, then 429.`
const WRITES = `${PRIVATE}Blocked accounts get 403 BLOCKED. Writes (shelving, unshelving, undoing imports): 120 a minute per account, then 429.`

const IMPORT_FORM: FormLimits = {
  maxBytes: MAX_IMPORT_BYTES + 64 * 1024,
  files: {
    file: {
      maxBytes: MAX_IMPORT_BYTES,
      tooLarge: `The export is too large: one import takes a file of at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB.`,
    },
  },
}

/**
 * The file part's bytes, refused at its end when the form parser cut it at its size limit (a cut file ends like a
 * whole one): a cut export must not be imported as if it were the reader's whole library.
 */
async function* wholeFile(part: MultipartFile): AsyncGenerator<Buffer> {
  for await (const chunk of part.file as AsyncIterable<Buffer>) yield chunk
  if (part.file.truncated) throw badRequest(IMPORT_FORM.files.file?.tooLarge ?? 'The export is too large.')
}

/** A reader's library (issue 49): shelves and imports. Thin handlers over @bookstrut/library. */
export const libraryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['library'])
  const readsOwn = access.signedIn(ownShelvesRule(inQuery('userId')))
  const writesOwnQuery = access.signedInWrite(ownShelvesRule(inQuery('userId')))

  app.get(
    '/library/shelves',
    declare({
      summary: 'How many books each of my shelves holds',
      description: READS,
      request: { querystring: ReaderQuery },
      response: { 200: Envelope(ShelfCounts) },
      access: readsOwn,
    }),
    async (req) => ok('Shelves counted', await shelfCounts(deps, req.query.userId)),
  )

  app.get(
    '/library/shelves/:shelf',
    declare({
      summary: 'The books on one of my shelves, latest shelved first',
      description: `${READS} Ten a page unless asked otherwise (at most 50).`,
      request: { params: ShelfParams, querystring: ShelfPageQuery },
      response: { 200: PagedShelvedBooks },
      access: readsOwn,
    }),
    async (req) => {
      const page = await shelfPage(deps, { ...req.query, shelf: req.params.shelf })
      return paged('Shelf fetched successfully', await withBooks(deps, req.query.userId, page))
    },
  )

  app.get(
    '/library/shelf',
    declare({
      summary: 'Which of my shelves a book is on (null: none)',
      description: READS,
      request: { querystring: ShelfBookQuery },
      response: { 200: Envelope(Type.Union([ShelfPlace, Type.Null()])) },
      access: readsOwn,
    }),
    async (req) => ok('Shelf fetched', await placeOfBook(deps, req.query.userId, req.query.bookId)),
  )

  app.put(
    '/library/shelf',
    declare({
      summary: 'Put a book on one of my shelves (off any other), with my dates',
      description:
        `${WRITES} Only books the public may see (404 otherwise, nothing stored). Want to read keeps no dates; ` +
        'Reading a start; Read a start and a finish (no finish before the start, no day in the future: 400). ' +
        'Each reader counts once per book and shelf in its author’s analytics.',
      request: { body: ShelveBody },
      response: { 200: Envelope(ShelfPlace) },
      access: access.signedInWrite(ownShelvesRule(inBody('userId'))),
    }),
    async (req) => ok('Shelved', await shelveBook(deps, req.body)),
  )

  app.delete(
    '/library/shelf',
    declare({
      summary: 'Take a book off my shelves; one on none changes nothing',
      description: WRITES,
      request: { querystring: ShelfBookQuery },
      response: { 200: Envelope(Type.Null()) },
      access: writesOwnQuery,
    }),
    async (req) => {
      await unshelveBook(deps, req.query.userId, req.query.bookId)
      return ok('Taken off your shelves', null)
    },
  )

  app.post(
    '/library/imports',
    declare({
      summary: 'Import my Goodreads or StoryGraph export (CSV)',
      description:
        `${PRIVATE}Blocked accounts get 403 BLOCKED. multipart/form-data with the export as \`file\` (at most ` +
        `${MAX_IMPORT_BYTES / (1024 * 1024)} MB, 20,000 books). The file is read as it arrives: one that is not ` +
        'UTF-8 text, not an export of either service (by its header line), malformed or holding no books is a 400, ' +
        'one over the limits a 400 or 413, and nothing is stored. Cells are stored as plain text, never evaluated. ' +
        'The rows are then matched and shelved by a job: follow it with GET /library/imports/{importId}. One import ' +
        'at a time per reader (409), 10 an hour (429).',
      request: { querystring: ReaderQuery, consumes: ['multipart/form-data'] },
      response: { 200: Envelope(LibraryImport) },
      // Who may import is settled before the file is read.
      access: access.beforeBody(writesOwnQuery),
    }),
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Send the export as multipart/form-data, in the field "file".')
      let started: LibraryImport | undefined
      for await (const part of formParts(req, IMPORT_FORM)) {
        if (part.type === 'file' && part.fieldname === 'file' && !started)
          started = await startImport(deps, req.query.userId, wholeFile(part), req.id)
        else if (part.type === 'file') part.file.resume()
      }
      if (!started)
        throw badRequest('Choose your export file (.csv) to import: the form field "file" is missing.')
      return ok('Import started', started)
    },
  )

  app.get(
    '/library/imports',
    declare({
      summary: 'My latest imports (ten), latest first',
      description: READS,
      request: { querystring: ReaderQuery },
      response: { 200: Envelope(Type.Array(LibraryImport)) },
      access: readsOwn,
    }),
    async (req) => ok('Imports fetched', await listImports(deps, req.query.userId)),
  )

  app.get(
    '/library/imports/:importId',
    declare({
      summary: 'One of my imports: its progress, then its counts by outcome',
      description: `${READS} Another reader's import is a 404.`,
      request: { params: ImportParams, querystring: ReaderQuery },
      response: { 200: Envelope(LibraryImport) },
      access: readsOwn,
    }),
    async (req) => ok('Import fetched', await getImport(deps, req.query.userId, req.params.importId)),
  )

  app.get(
    '/library/imports/:importId/rows',
    declare({
      summary: "One of my imports' report: each row as the file said it, and what became of it",
      description: `${READS} Ten rows a page unless asked otherwise (at most 50); \`outcome\` keeps one outcome.`,
      request: { params: ImportParams, querystring: ImportRowsQuery },
      response: { 200: PagedImportRows },
      access: readsOwn,
    }),
    async (req) => paged('Import report fetched', await importReport(deps, req.params.importId, req.query)),
  )

  app.delete(
    '/library/imports/:importId',
    declare({
      summary: 'Undo one of my imports: the books it shelved come off my shelves',
      description: `${WRITES} Books shelved or re-dated since stay as they are. Twice is once; an import still running is a 409.`,
      request: { params: ImportParams, querystring: ReaderQuery },
      response: { 200: Envelope(LibraryImport) },
      access: writesOwnQuery,
    }),
    async (req) => ok('Import undone', await undoImport(deps, req.query.userId, req.params.importId)),
  )
}
