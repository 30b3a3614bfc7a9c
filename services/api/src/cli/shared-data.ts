import path from 'node:path'

/*
 * The evaluation data the encoder's tools and the benches (bench/, through `@bookstrut/api/bench`) read at run time
 * from the shared data folder, never copied into the repository (reddit-tomt-books-dev, goodreads-books-mix).
 */

/** `../shared/data` beside the repository (as the models are in `../shared/models`); SHARED_DATA_DIR overrides it. */
export const DEFAULT_SHARED_DATA_DIR = path.resolve(import.meta.dirname, '../../../../..', 'shared', 'data')

/** Title identity across the data's sources: case, punctuation and "(Series, #1)" suffixes ignored. */
export const normaliseTitle = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^\p{L}\p{N}_\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')
