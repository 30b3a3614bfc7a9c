import { wordsRefusal } from '../moderation/words-filter.js'

/*
 * What a searched idea must be to become a public topic page (docs/seo.md, "Topic pages"). Topic texts come from
 * readers' searches, so they are held to rules a search box is not: normalised (never one reader's spelling), short,
 * words only (no e-mail address, link or number that could identify someone), and nothing the filter before the
 * moderation queue refuses (moderation/words-filter.ts: profanity, slurs, hate, harassment, self-harm, look-alike
 * spellings included). Passing them makes an idea a candidate only: an admin approves it before it is public.
 */

/** Shortest and longest topic text, in characters, after normalising. */
export const TOPIC_MIN_CHARS = 3
export const TOPIC_MAX_CHARS = 60
/** At most this many words: a topic is an idea, not a sentence someone typed. */
export const TOPIC_MAX_WORDS = 6

/** Letters (any script), digits, spaces, apostrophes and inner hyphens: no @, no dots, no slashes, no colons. */
const WORDS_ONLY = /^[\p{L}\p{N}' -]+$/u
/** Three digits in a row: a phone number, a house number, a year of birth, an order number. */
const DIGIT_RUN = /\p{N}{3,}/u

/**
 * The idea as every reader's search of it is counted: Unicode-normalised, lower case, single spaces. The SQL that
 * groups searches (topic-candidates.ts) applies the same lower-and-collapse before counting readers.
 */
export function normaliseTopic(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Why a normalised idea may not be a topic, or null when it may. */
export function topicRefusal(idea: string): string | null {
  if (idea.length < TOPIC_MIN_CHARS) return 'too short'
  if (idea.length > TOPIC_MAX_CHARS) return 'too long'
  if (idea.split(' ').length > TOPIC_MAX_WORDS) return 'too many words'
  if (!WORDS_ONLY.test(idea)) return 'not only words'
  if (DIGIT_RUN.test(idea)) return 'a run of digits'
  return wordsRefusal(idea)
}

/** The address of a topic: its words joined by hyphens, letters and digits only ("time travel" → "time-travel"). */
export function topicSlug(idea: string): string {
  return idea
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
