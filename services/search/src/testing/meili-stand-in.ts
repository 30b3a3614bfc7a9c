import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the stand-in received, as the client sent it. */
export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  authorization: string | undefined
}

type Doc = Record<string, unknown>

interface StandInIndex {
  uid: string
  primaryKey: string
  settings: {
    searchableAttributes: string[]
    filterableAttributes: string[]
    typoTolerance: { enabled: boolean }
  }
  docs: Map<string, Doc>
}

interface StandInTask {
  uid: number
  indexUid: string | null
  type: string
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed'
  error: { message: string; code: string; type: string; link: string } | null
  enqueuedAt: string
  /** polls answered "processing" before the task is applied: the client has to wait for it */
  pollsLeft: number
  apply: () => StandInTask['error']
}

/**
 * A small local stand-in for the Meilisearch HTTP API, covering only the calls our adapter makes: index info
 * and creation, settings, adding and deleting documents (by ids, or by an `indexedAt < n` filter), tasks, and
 * search. Tasks are asynchronous as in Meilisearch (one "processing" poll before they apply). Search is a plain
 * word match in insertion order with filters of `attr = value` and `attr NOT IN ["a", "b"]` conditions joined by
 * AND (a filter outside that grammar is refused with invalid_search_filter, as Meilisearch refuses a bad one):
 * it checks our client code, not Meilisearch's ranking or typo tolerance.
 */
export class MeiliStandIn {
  readonly requests: RecordedRequest[] = []
  readonly indexes = new Map<string, StandInIndex>()
  readonly #tasks = new Map<number, StandInTask>()
  #nextTask = 0
  #failNextTask: string | null = null
  #server: Server | null = null
  url = ''

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      void this.#handle(req, res)
    })
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()))
  }

  /** Makes the next enqueued task fail with this error code, as Meilisearch reports a failed task. */
  failNextTask(code: string) {
    this.#failNextTask = code
  }

  /** The recorded requests to a path (without the query string), e.g. `/indexes/books/settings`. */
  to(method: string, path: string) {
    return this.requests.filter((r) => r.method === method && r.path === path)
  }

  #enqueue(res: ServerResponse, indexUid: string | null, type: string, apply: StandInTask['apply']) {
    const failWith = this.#failNextTask
    this.#failNextTask = null
    const task: StandInTask = {
      uid: this.#nextTask++,
      indexUid,
      type,
      status: 'enqueued',
      error: null,
      enqueuedAt: new Date().toISOString(),
      pollsLeft: 1,
      apply: failWith ? () => apiError(failWith, `stand-in failure: ${failWith}`) : apply,
    }
    this.#tasks.set(task.uid, task)
    send(res, 202, { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: task.enqueuedAt })
  }

  #pollTask(res: ServerResponse, uid: number) {
    const task = this.#tasks.get(uid)
    if (!task) return send(res, 404, apiError('task_not_found', `Task \`${uid}\` not found.`))
    if (task.status === 'enqueued' || task.status === 'processing') {
      if (task.pollsLeft > 0) {
        task.pollsLeft--
        task.status = 'processing'
      } else {
        task.error = task.apply()
        task.status = task.error ? 'failed' : 'succeeded'
      }
    }
    const { pollsLeft: _p, apply: _a, ...shown } = task
    send(res, 200, {
      ...shown,
      batchUid: null,
      canceledBy: null,
      duration: null,
      startedAt: null,
      finishedAt: null,
    })
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const raw = await readBody(req)
    const body: unknown = raw ? JSON.parse(raw) : undefined
    const method = req.method ?? 'GET'
    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    })
    const parts = url.pathname.split('/').filter(Boolean)
    const [head, uid, sub, action] = parts

    if (method === 'GET' && head === 'health') return send(res, 200, { status: 'available' })
    if (method === 'GET' && head === 'tasks' && uid) return this.#pollTask(res, Number(uid))
    if (head !== 'indexes') return send(res, 404, apiError('not_found', 'not in the stand-in'))

    if (method === 'POST' && !uid) {
      const { uid: newUid, primaryKey } = body as { uid: string; primaryKey: string }
      return this.#enqueue(res, newUid, 'indexCreation', () => {
        if (this.indexes.has(newUid))
          return apiError('index_already_exists', `Index \`${newUid}\` already exists.`)
        this.indexes.set(newUid, {
          uid: newUid,
          primaryKey,
          settings: {
            searchableAttributes: ['*'],
            filterableAttributes: [],
            typoTolerance: { enabled: true },
          },
          docs: new Map(),
        })
        return null
      })
    }
    const index = uid ? this.indexes.get(uid) : undefined
    if (!uid || !index) return send(res, 404, apiError('index_not_found', `Index \`${uid}\` not found.`))

    if (method === 'GET' && !sub) return send(res, 200, { uid, primaryKey: index.primaryKey })
    if (sub === 'settings' && method === 'GET') return send(res, 200, index.settings)
    if (sub === 'settings' && method === 'PATCH')
      return this.#enqueue(res, uid, 'settingsUpdate', () => {
        Object.assign(index.settings, body)
        return null
      })
    if (sub === 'documents' && method === 'POST' && !action)
      return this.#enqueue(res, uid, 'documentAdditionOrUpdate', () => {
        for (const doc of body as Doc[]) index.docs.set(String(doc[index.primaryKey]), doc)
        return null
      })
    if (sub === 'documents' && method === 'POST' && action === 'delete-batch')
      return this.#enqueue(res, uid, 'documentDeletion', () => {
        for (const id of body as string[]) index.docs.delete(String(id))
        return null
      })
    if (sub === 'documents' && method === 'POST' && action === 'delete')
      return this.#enqueue(res, uid, 'documentDeletion', () => {
        const match = /^(\w+) < (\d+)$/.exec((body as { filter: string }).filter)
        if (!match) return apiError('invalid_document_filter', 'the stand-in only reads `attr < number`')
        const [, attr = '', bound = ''] = match
        for (const [id, doc] of index.docs) if (Number(doc[attr]) < Number(bound)) index.docs.delete(id)
        return null
      })
    if (sub === 'search' && method === 'POST') {
      const filter = parseFilter((body as SearchBody).filter)
      if (!filter)
        return send(res, 400, apiError('invalid_search_filter', 'the stand-in cannot read this filter'))
      return send(res, 200, search(index, body as SearchBody, filter))
    }
    return send(res, 404, apiError('not_found', 'not in the stand-in'))
  }
}

interface SearchBody {
  q: string
  filter?: string
  attributesToRetrieve?: string[]
  offset?: number
  limit?: number
  page?: number
  hitsPerPage?: number
}

type DocFilter = (doc: Doc) => boolean

/** Reads `attr = value` and `attr NOT IN ["a", "b"]` conditions joined by AND; null when it cannot. */
function parseFilter(filter: string | undefined): DocFilter | null {
  if (!filter) return () => true
  const checks: DocFilter[] = []
  for (const part of filter.split(' AND ')) {
    const equal = /^(\w+) = (\w+)$/.exec(part)
    if (equal) {
      const [, attr = '', value = ''] = equal
      checks.push((doc) => String(doc[attr]) === value)
      continue
    }
    const notIn = /^(\w+) NOT IN \[(.*)\]$/.exec(part)
    if (!notIn) return null
    const [, attr = '', list = ''] = notIn
    const values = new Set((JSON.parse(`[${list}]`) as unknown[]).map(String))
    checks.push((doc) => !values.has(String(doc[attr])))
  }
  return (doc) => checks.every((check) => check(doc))
}

function search(index: StandInIndex, body: SearchBody, filter: DocFilter) {
  const words = body.q.toLowerCase().split(/\s+/).filter(Boolean)
  const attributes = index.settings.searchableAttributes
  const text = (doc: Doc) =>
    (attributes.includes('*') ? Object.values(doc) : attributes.map((a) => doc[a]))
      .flat()
      .join(' ')
      .toLowerCase()
  const matches = [...index.docs.values()].filter(
    (doc) => filter(doc) && words.every((w) => text(doc).includes(w)),
  )
  const project = (doc: Doc) =>
    body.attributesToRetrieve ? Object.fromEntries(body.attributesToRetrieve.map((a) => [a, doc[a]])) : doc
  const base = { query: body.q, processingTimeMs: 0 }
  if (body.page !== undefined || body.hitsPerPage !== undefined) {
    const page = body.page ?? 1
    const hitsPerPage = body.hitsPerPage ?? 20
    const hits = matches.slice((page - 1) * hitsPerPage, page * hitsPerPage).map(project)
    return {
      ...base,
      hits,
      page,
      hitsPerPage,
      totalHits: matches.length,
      totalPages: Math.ceil(matches.length / hitsPerPage),
    }
  }
  const offset = body.offset ?? 0
  const limit = body.limit ?? 20
  return {
    ...base,
    hits: matches.slice(offset, offset + limit).map(project),
    offset,
    limit,
    estimatedTotalHits: matches.length,
  }
}

function apiError(code: string, message: string) {
  return { message, code, type: 'invalid_request', link: `https://docs.meilisearch.com/errors#${code}` }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
