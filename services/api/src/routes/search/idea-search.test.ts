import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { announceBookChanges, booksRepo } from '@bookstrut/catalogue'
import { createLogger } from '@bookstrut/core'
import { buildListing, until } from '@bookstrut/core/testing'
import type { ScoredPodcast } from '@bookstrut/schemas'
import { embeddingsRepo } from '@bookstrut/search'
import { buildApp, type App } from '../../app.js'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import {
  IDEA_BOOKS,
  ideaSearchUrl,
  requireServedModel,
  writeIdeaBook,
  writeIdeaBooks,
  type IdeaBook,
} from '../../test/idea-books.js'
import { client, nextIp } from '../../test/api-client.js'
import { analyticsOf, storedEvents } from '../../test/analytics-probe.js'

/*
 * Idea search end to end inside the api: real Postgres, Redis, BullMQ embed worker, the local sentence-embedding
 * model (MODELS_DIR) and the in-memory index. Books are written, announced as a listing write does, embedded by
 * the worker and picked up by the index through Redis pub/sub.
 */

let t: TestApp
const ids: Record<string, string> = {}

const catalogue: Record<string, IdeaBook> = {
  wizard: IDEA_BOOKS.wizard,
  whale: IDEA_BOOKS.whale,
  train: {
    title: 'Murder in the Snow',
    ideas: [
      'A detective solves a murder on a train stuck in a snowdrift',
      'Every passenger has a secret and a motive',
      'A luxury express crossing Europe in winter',
    ],
    description:
      'When the express is halted by snow, a famous Belgian detective must find the killer among the passengers.',
  },
  mars: IDEA_BOOKS.mars,
  garden: IDEA_BOOKS.garden,
  dystopia: {
    title: 'The Ministry of Truth',
    ideas: [
      'A totalitarian state watches every citizen through screens',
      'A clerk rewrites history for the government',
      'A forbidden love affair against an all-seeing party',
    ],
    description: 'In a future of endless war and surveillance, one man dares to keep a secret diary.',
  },
  // Imported without ideas: scored on its description alone.
  dogs: {
    title: 'Call of the North',
    description:
      'A domesticated dog is stolen from his California home and sold as a sled dog in the Yukon gold rush. He learns to survive the brutal cold and answers the call of the wild wolves.',
  },
  // Imported without ideas, with its real Goodreads blurb (the demo catalogue's first book).
  mockingbird: {
    title: 'To Kill a Mockingbird',
    description:
      'The unforgettable novel of a childhood in a sleepy Southern town and the crisis of conscience that rocked it. ' +
      '"To Kill A Mockingbird" became both an instant bestseller and a critical success when it was first published ' +
      'in 1960. It went on to win the Pulitzer Prize in 1961 and was later made into an Academy Award-winning film, ' +
      'also a classic. Compassionate, dramatic, and deeply moving, "To Kill A Mockingbird" takes readers to the roots ' +
      'of human behavior - to innocence and experience, kindness and cruelty, love and hatred, humor and pathos.',
  },
  wizardFr: {
    title: "L'école des sorciers",
    ideas: [
      'A young wizard attends a school of magic in a castle',
      'An orphan learns he has magical powers',
      'Friends fight an evil sorcerer',
    ],
    description: 'Un jeune orphelin découvre qu’il est sorcier et part étudier la magie.',
    language: 'fr-FR',
  },
  pending: {
    title: 'Unapproved Wizard Story',
    ideas: [
      'An orphan boy discovers on his eleventh birthday that he is a wizard',
      'A boarding school of magic hidden inside an old castle',
      'Three friends stop a dark lord from returning to power',
    ],
    description: 'Waiting for moderation.',
    status: 0,
  },
}

const BOOK_DEFAULTS = { year_published: 2000, language: 'en-US' }
async function writeBook(app: App, key: string, book: IdeaBook) {
  const { id } = await writeIdeaBook(app, book, BOOK_DEFAULTS)
  ids[key] = id
  return id
}

const query = ideaSearchUrl

type Results = ScoredPodcast[]
const titles = (data: Results) => data.map((p) => p.title)
const wizardIdeas = [
  'a boy finds out he is a wizard',
  'a school for magic in a castle',
  'friends fight an evil dark lord',
]

beforeAll(async () => {
  t = await buildTestApp()
  requireServedModel(t)
  Object.assign(ids, await writeIdeaBooks(t.app, catalogue, BOOK_DEFAULTS))
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('GET /search/podcast', () => {
  it('ranks the book that covers the ideas first, with per-idea Strut scores, bonus and hellaScore', async () => {
    const res = await client(t.app).get<Results>(query(wizardIdeas, { language: 'en-US' }))
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    const [first] = res.body.data
    expect(first?.title).toBe(catalogue.wizard!.title)
    expect(first?.ideaScore).toHaveLength(4)
    expect(Object.keys(first!.ideaScore[0]!)).toEqual([wizardIdeas[0]])
    expect(Object.keys(first!.ideaScore[3]!)).toEqual(['bonusScore'])
    const [s1, s2, s3, bonus] = first!.ideaScore.map((o) => Object.values(o)[0]!)
    // 70+: "this idea is about this book" (the second stage's calibrated scores, docs/idea-search.md)
    for (const s of [s1!, s2!, s3!]) expect(s).toBeGreaterThanOrEqual(70)
    expect(bonus).toBeCloseTo(0.5 * Math.min(s1!, s2!, s3!), 1)
    expect(first!.hellaScore).toBeCloseTo(s1! + s2! + s3! + bonus!, 1)
    for (const n of [s1!, bonus!, first!.hellaScore]) expect(Math.round(n * 100) / 100).toBe(n)
    // Scores are in order; books about none of the ideas are not listed at all, pending ones never.
    const hellas = res.body.data.map((p) => p.hellaScore)
    expect(hellas).toEqual([...hellas].sort((a, b) => b - a))
    for (const key of ['mars', 'train', 'pending'] as const)
      expect(titles(res.body.data)).not.toContain(catalogue[key]!.title)
  })

  it('finds each book by ideas that paraphrase it, including a book imported without ideas', async () => {
    const cases: [string[], string][] = [
      [['a captain hunting a huge whale', 'sailing on a whaling ship', 'revenge at sea'], 'whale'],
      [['a detective on a snowbound train', 'passengers with secrets', 'murder mystery in winter'], 'train'],
      [['stranded astronaut on mars', 'growing food on another planet', 'survival with science'], 'mars'],
      [
        ['a dog stolen and sold as a sled dog', 'the Yukon gold rush', 'learning to survive the cold'],
        'dogs',
      ],
    ]
    for (const [ideas, key] of cases) {
      const res = await client(t.app).get<Results>(query(ideas))
      expect(res.status).toBe(200)
      expect(res.body.data[0]?._id, `${ideas.join(' / ')} → ${key}`).toBe(ids[key])
    }
  })

  it("finds a famous book first by a reader's three plain ideas, its words fused into each idea's score", async () => {
    const ideas = [
      'a lawyer defends a black man falsely accused of a crime',
      'growing up in a sleepy small town in the American South',
      'a child learns about conscience and racial injustice',
    ]
    const res = await client(t.app).get<Results>(query(ideas))
    expect(res.status).toBe(200)
    expect(res.body.data[0]?._id).toBe(ids.mockingbird)
    // each idea scored on its own: the South and the conscience ideas are what the blurb is about
    const [lawyer, town, conscience] = res.body.data[0]!.ideaScore.map((o) => Object.values(o)[0]!)
    expect(Math.min(town!, conscience!)).toBeGreaterThan(lawyer!)
  })

  it('lists nothing for ideas no book is about (the relevance floor)', async () => {
    const res = await client(t.app).get<Results>(
      query([
        'quarterly tax filing for small companies',
        'replacing a dishwasher pump',
        'cryptocurrency exchange fees',
      ]),
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.total).toBe(0)
    expect(res.body.message).toBe('No results found')
  })

  it('prefers books in the reader language among close matches', async () => {
    // Ideas both wizard books cover about equally (the second stage's scores tell apart a book that covers an idea
    // from one that covers it loosely: with wizardIdeas the English book leads on "a boy finds out he is a wizard").
    const closeIdeas = [
      'an orphan discovers he has magic',
      'a school for magic in a castle',
      'friends fight an evil dark lord',
    ]
    const fr = await client(t.app).get<Results>(query(closeIdeas, { language: 'fr-FR' }))
    const en = await client(t.app).get<Results>(query(closeIdeas, { language: 'en-GB' }))
    expect(fr.body.data[0]?._id).toBe(ids.wizardFr)
    expect(en.body.data[0]?._id).toBe(ids.wizard)
  })

  it('answers 422 DUPLICATE_QUERIES for two similar ideas, 400 for a missing or overlong idea', async () => {
    const api = client(t.app)
    const dup = await api.get(query(['A boy finds a dragon egg', 'a boy finds a dragon egg!', 'war at sea']))
    expect(dup.status).toBe(422)
    expect(dup.body).toMatchObject({
      success: false,
      code: 'DUPLICATE_QUERIES',
      message: 'It appears you have duplicate or similar queries. Please revise.',
    })
    const overlap = await api.get(
      query([
        'a boy finds a dragon egg in the mountains',
        'the boy finds dragon egg mountains',
        'war at sea',
      ]),
    )
    expect(overlap.status).toBe(422)
    const missing = await api.get('/search/podcast?firstField=a%20boy&secondField=a%20girl')
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('Idea #1 , Idea #2, and Idea #3 are required fields.')
    const blank = await api.get(query(['a boy', '   ', 'a girl']))
    expect(blank.status).toBe(400)
    const long = await api.get(query(['a boy', 'x'.repeat(301), 'a girl']))
    expect(long.status).toBe(400)
    expect(long.body.message).toContain('Idea #2 is too long')
  })

  it("leaves out the caller's ghosted titles, saves the search in the caller's history, refuses another's id", async () => {
    const reader = await buildUser(t.app.db)
    const api = client(t.app)
    const ghost = await api.post(
      '/create/ghostmode',
      { userId: reader.id, podcastId: ids.wizard },
      { token: reader.token },
    )
    expect(ghost.status).toBe(200)
    const mine = await api.get<Results>(query(wizardIdeas, { userid: reader.id }), { token: reader.token })
    expect(mine.status).toBe(200)
    expect(mine.body.data.map((p) => p._id)).not.toContain(ids.wizard)
    expect(mine.body.data.map((p) => p._id)).toContain(ids.wizardFr)
    const anonymous = await api.get<Results>(query(wizardIdeas))
    expect(anonymous.body.data.map((p) => p._id)).toContain(ids.wizard)

    const history = await t.app.db
      .selectFrom('search_history')
      .selectAll()
      .where('user_id', '=', reader.id)
      .execute()
    expect(history.map((h) => [h.first_term, h.second_term, h.third_term])).toEqual([wizardIdeas])

    const other = await buildUser(t.app.db)
    const forged = await api.get(query(wizardIdeas, { userid: reader.id }), { token: other.token })
    expect(forged.status).toBe(403)
    const blocked = await buildUser(t.app.db, { blocked: true })
    const refused = await api.get(query(wizardIdeas, { userid: blocked.id }), { token: blocked.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'BLOCKED', data: { isBlocked: true } })
  })

  it('queues an impression per listed title with its rank and scores, stored by the ingest worker', async () => {
    // A visitor's identity is the server's (the day's salted hash of address and agent), not the id it sends.
    const ip = nextIp()
    const agent = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' }
    const anonymousId = await t.app.visitors.idOf({ ip, headers: agent })
    const res = await client(t.app, ip).get<Results>(query(wizardIdeas, { limit: 2 }), {
      headers: { ...agent, 'x-anonymous-id': randomUUID() },
    })
    const ids = res.body.data.map((p) => p._id)
    const store = await analyticsOf(t)
    try {
      // Earlier searches listed the same titles: this visitor's impressions are the ones with its visitor id.
      const mine = async () => (await storedEvents(store, ids)).filter((e) => e.anonymous_id === anonymousId)
      await until('impressions stored', async () => (await mine()).length >= ids.length, 20_000)
      const stored = await mine()
      expect(stored.map((e) => [e.type, e.podcast_id, e.search_mode, e.search_rank, e.anonymous_id])).toEqual(
        res.body.data.map((p, i) => ['impression', p._id, 'idea', i + 1, anonymousId]),
      )
      // The scores the reader saw: three ideas and the bonus.
      expect(stored[0]!.search_scores).toEqual(res.body.data[0]!.ideaScore.map((s) => Object.values(s)[0]))
    } finally {
      await store.close()
    }
  })

  it('keeps page 2 in the order of page 1 when a better match arrives in between', async () => {
    const api = client(t.app)
    const reader = await buildUser(t.app.db)
    const opts = { token: reader.token }
    const ideas = [
      'a boy wizard at a school of magic',
      'an orphan discovers magical powers',
      'defeating an evil sorcerer',
    ]
    const page1 = await api.get<Results>(query(ideas, { limit: 1, page: 1, userid: reader.id }), opts)
    expect(page1.body.total ?? 0).toBeGreaterThanOrEqual(2)
    const newcomer = await writeBook(t.app, 'newcomer', {
      title: 'The Boy Wizard Returns',
      ideas: [
        'A boy wizard at a school of magic',
        'An orphan discovers his magical powers',
        'Defeating an evil sorcerer',
      ],
      description: 'Another year at the school of magic.',
    })
    await until(
      'the new book to be indexed',
      () => t.app.ideaSearch.current.bookCount === Object.keys(catalogue).length + 1,
    )
    const page2 = await api.get<Results>(query(ideas, { limit: 1, page: 2, userid: reader.id }), opts)
    expect(page2.body.total).toBe(page1.body.total)
    expect(page2.body.data[0]?._id).not.toBe(page1.body.data[0]?._id)
    expect(page2.body.data.map((p) => p._id)).not.toContain(newcomer)
    // A new search sees it.
    const fresh = await api.get<Results>(query(ideas, { limit: 1, page: 1, userid: reader.id }), opts)
    expect(fresh.body.data[0]?._id).toBe(newcomer)
  })
})

describe('the in-memory index', () => {
  it('follows an edit in every api process without a restart', async () => {
    const second = await buildApp({
      config: t.config,
      databaseUrl: t.databaseUrl,
      logger: createLogger('silent'),
    })
    try {
      await second.ready()
      await second.ideaSearch.current.ready
      const ideas = [
        'a chess prodigy plays in a soviet tournament',
        'a grandmaster defects to the west',
        'the cold war fought on a chessboard',
      ]
      const before = await client(second).get<Results>(query(ideas))
      expect(before.body.data.map((p) => p._id)).not.toContain(ids.garden)

      const now = new Date()
      await booksRepo.updateBook(t.app.db, ids.garden!, {
        primary_key: 'A young chess prodigy competes in a Soviet tournament',
        secondary_key: 'A grandmaster defects to the West',
        additional_key: 'The Cold War is fought over a chessboard',
        updated_at: now,
      })
      await announceBookChanges(t.app.queues, [{ id: ids.garden!, updatedAt: now }], { surfaceIndex: false })
      await until('both processes to serve the edited book', async () => {
        const [a, b] = await Promise.all([
          client(t.app).get<Results>(query(ideas)),
          client(second).get<Results>(query(ideas)),
        ])
        return a.body.data[0]?._id === ids.garden && b.body.data[0]?._id === ids.garden
      })
    } finally {
      await second.close()
    }
  })

  it('catches up on vectors stored without an announcement (the import CLI)', async () => {
    const { id } = await buildListing(t.app.db, {
      title: 'Wizard School, Imported',
      description: 'An imported copy of the wizard book.',
      language: 'en-US',
    })
    const model = t.app.ideaSearch.current.model
    const wizard = await embeddingsRepo.findEmbedding(t.app.db, ids.wizard!, model)
    await embeddingsRepo.saveEmbedding(t.app.db, {
      bookId: id,
      model,
      sourceHash: 'copied in a test',
      dimensions: wizard!.vectors[0]!.length,
      vectors: wizard!.vectors,
    })
    expect(await t.app.ideaSearch.current.catchUp()).toBeGreaterThanOrEqual(1)
    const res = await client(t.app).get<Results>(query(wizardIdeas))
    expect(res.body.data.map((p) => p._id)).toContain(id)
    expect(await t.app.ideaSearch.current.catchUp()).toBe(0)
  })
})
