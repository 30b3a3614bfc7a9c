import { announceBookChanges } from '@bookstrut/catalogue'
import { buildListing, until, type ListingFields } from '@bookstrut/core/testing'
import { hasLocalModel, targetModel } from '@bookstrut/search'
import type { App } from '../app.js'
import type { TestApp } from './test-app.js'

/**
 * Books the idea-search tests write into the idea index: well-known stories under other titles, three ideas each,
 * so that a search in other words has a clear right answer. A test that needs another blurb spreads one and
 * overrides it (the texts are embedded, so a test's figures depend on the exact words).
 */
export type IdeaBook = ListingFields & { title: string; description: string }

export const IDEA_BOOKS = {
  wizard: {
    title: 'The Boy Who Found His Wand',
    ideas: [
      'An orphan boy discovers on his eleventh birthday that he is a wizard',
      'A boarding school of magic hidden inside an old castle',
      'Three friends stop a dark lord from returning to power',
    ],
    description:
      'A lonely boy living under the stairs learns the truth about his parents and goes off to study magic.',
  },
  whale: {
    title: 'The White Whale',
    ideas: [
      'A one-legged sea captain obsessed with hunting a giant whale',
      'Life aboard a nineteenth-century whaling ship',
      'Revenge that destroys the avenger and his crew',
    ],
    description:
      'A sailor signs on to a whaling voyage and watches his captain chase a legendary white whale across the oceans.',
  },
  mars: {
    title: 'Alone on the Red Planet',
    ideas: [
      'An astronaut is stranded alone on Mars after his crew leaves',
      'Growing potatoes to survive on another planet',
      'Using science and humour to stay alive until rescue',
    ],
    description: 'Left for dead after a dust storm, a botanist must survive on Mars with dwindling supplies.',
  },
  garden: {
    title: 'The Hidden Garden',
    ideas: [
      'A spoiled orphan girl finds a locked secret garden',
      'Bringing a neglected garden back to life heals a sick cousin',
      'A gloomy manor house on the Yorkshire moors',
    ],
    description:
      'Sent to live with her uncle, a girl discovers a walled garden that has been locked for ten years.',
  },
} satisfies Record<string, IdeaBook>

/**
 * Writes a book (`defaults` under the book's own fields) and announces it as a listing write does, so the embed
 * worker embeds it and the idea index picks it up. Answers the stored row.
 */
export async function writeIdeaBook(app: App, book: ListingFields, defaults: ListingFields = {}) {
  const row = await buildListing(app.db, { ...defaults, ...book })
  await announceBookChanges(app.queues, [{ id: row.id, updatedAt: row.updated_at }], { surfaceIndex: false })
  return row
}

/** Writes every book (writeIdeaBook) and waits until the idea index holds them all; answers their ids by key. */
export async function writeIdeaBooks(
  app: App,
  books: Record<string, ListingFields>,
  defaults: ListingFields = {},
  what = 'the catalogue to be indexed',
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  for (const [key, book] of Object.entries(books)) ids[key] = (await writeIdeaBook(app, book, defaults)).id
  await until(what, () => app.ideaSearch.current.bookCount === Object.keys(books).length)
  return ids
}

/** Fails at once when the model EMBEDDING_MODEL=auto serves (our shipped idea encoder) is not on disk. */
export function requireServedModel(t: Pick<TestApp, 'config'>): void {
  const served = targetModel(t.config.search)
  if (!hasLocalModel(served.modelsDir, served.modelId))
    throw new Error(`the model ${served.id} is not under ${served.modelsDir}: tests never download one`)
}

/** The idea search's URL for three ideas (a missing one sent empty) and any further parameters. */
export const ideaSearchUrl = (ideas: readonly string[], extra: Record<string, string | number> = {}) =>
  '/search/podcast?' +
  new URLSearchParams({
    firstField: ideas[0] ?? '',
    secondField: ideas[1] ?? '',
    thirdField: ideas[2] ?? '',
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  }).toString()
