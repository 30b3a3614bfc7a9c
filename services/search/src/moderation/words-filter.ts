import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity'
import {
  DEHUMANISING,
  EXTREMIST,
  GROUPS,
  HARASSMENT,
  PROFANITY_LOOKALIKES,
  SELF_HARM,
  SLURS,
  VIOLENCE,
} from './refused-phrases.js'

/*
 * The filter before the moderation queue (issue 45, docs/admin.md "Readers' words"): readers' words that may never
 * become a topic candidate or a found-it candidate, whatever an admin would say. Two lists: the maintained
 * `obscenity` English profanity list with its own look-alike transformers, and ours (refused-phrases.ts: slurs,
 * calls to violence against groups, dehumanisation, extremist slogans, harassment, self-harm encouragement).
 * Ours is matched on a skeleton of the words, so a spelling meant to slip past ("k1ll a11 j3ws", "g-a-s the jews",
 * "ｈｅｉｌ ｈｉｔｌｅｒ", Cyrillic "јews") is the phrase it spells.
 */

/**
 * Profanity by the maintained list, without its entry for "sex": a word of real book ideas ("the second sex",
 * "sex education"), not a swear word.
 */
const profanity = new RegExpMatcher({
  ...englishDataset.removePhrasesIf((p) => p.metadata?.originalWord === 'sex').build(),
  ...englishRecommendedTransformers,
})

/** Letters of other scripts drawn like Latin ones (Unicode's confusables, the ones used to dodge filters). */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ı: 'i',
  ℓ: 'l',
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  đ: 'd',
  ł: 'l',
}

/** Digits and signs written for letters (leetspeak): "k1ll", "j3ws", "$hit", "@ll". */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
  '€': 'e',
}

/** What may stand between letters spelt out one by one ("f-u-c-k", "g.a.s", "k_y_s") or inside a masked word. */
const SEPARATORS = /[\s.\-_*·•,/\\~^'"`]+/gu

/** Lower case, compatibility forms folded (fullwidth, ligatures), accents dropped, confusables made Latin. */
function latin(text: string): string {
  return [...text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFKC')]
    .map((ch) => CONFUSABLES[ch] ?? ch)
    .join('')
}

/** Runs of three or more single characters between separators joined into the word they spell ("k y s" → "kys"). */
const singlesJoined = (spaced: string) =>
  spaced.replace(/(?<=^| )(?:\S ){2,}\S(?= |$)/gu, (run) => run.replace(/ /g, ''))

/**
 * The letters ours are matched on: leetspeak read as letters, letters that sound or look alike made one ("ph" and
 * "f", "c"/"q" and "k", "z" and "s", "v" and "u", "l" and "i": so "1", "l" and "i" are one), anything but letters a
 * space, and doubled letters single ("fuuuck").
 */
const letters = (words: string) =>
  // "!" and "|" read as "i" only inside a word: "vermin!!!" is "vermin", "k!ll" is "kill".
  [...words.replace(/[!|]+(?![\p{L}\p{N}])/gu, ' ')]
    .map((ch) => LEET[ch] ?? ch)
    .join('')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/[cq]/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'u')
    .replace(/l/g, 'i')
    .replace(/[^a-z]+/g, ' ')
    .replace(/([a-z])\1+/g, '$1')
    .trim()

/** Words a phrase is the same without ("kill all the jews" is "kill jews"), as their letters. */
const FILLERS = new Set(['the', 'all', 'those', 'these', 'every', 'of', 'them', 'fucking'].map(letters))

/** A text's skeleton: its words' letters without fillers, space-padded so whole words compare (" kil jews "). */
const skeleton = (words: string) =>
  ` ${letters(words)
    .split(' ')
    .filter((w) => w !== '' && !FILLERS.has(w))
    .join(' ')} `

/** The ways one text can be read: separators as spaces (single letters joined), and separators inside words dropped. */
function readings(text: string): string[] {
  const plain = latin(text)
  const spaced = singlesJoined(plain.replace(SEPARATORS, ' ').trim())
  const squeezed = plain.replace(/[.\-_*·•'`~^]+/gu, '')
  return [...new Set([plain, spaced, squeezed])]
}

const expand = (templates: readonly string[]) =>
  templates.flatMap((t) => (t.includes('{group}') ? GROUPS.map((g) => t.replace('{group}', g)) : [t]))

/** Our phrases by why they are refused, each as its skeleton (what the text's skeleton must hold as whole words). */
const OURS: readonly { why: string; phrases: ReadonlySet<string> }[] = (
  [
    { why: 'a slur', list: SLURS },
    { why: 'a call to violence against a group', list: expand(VIOLENCE) },
    { why: 'dehumanising a group', list: expand(DEHUMANISING) },
    { why: 'an extremist slogan', list: EXTREMIST },
    { why: 'harassment', list: HARASSMENT },
    { why: 'self-harm encouragement', list: SELF_HARM },
    { why: 'profanity', list: PROFANITY_LOOKALIKES },
  ] as const
).map(({ why, list }) => ({ why, phrases: new Set(list.map(skeleton).filter((s) => s.trim() !== '')) }))

/** Every run of whole words of a skeleton (" a b c " → " a ", " a b ", …), to look each up in the sets. */
function wordRuns(skel: string, longest = 8): string[] {
  const words = skel.trim().split(' ')
  const runs: string[] = []
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j <= Math.min(words.length, i + longest); j++)
      runs.push(` ${words.slice(i, j).join(' ')} `)
  return runs
}

/**
 * Why readers' words may not be public (a slur, a call to violence, …, profanity), or null when the filter lets them
 * through to the queue. Applied to topic candidates (topicRefusal) and to found-it ideas before they are queued.
 */
export function wordsRefusal(text: string): string | null {
  const forms = readings(text)
  for (const form of forms) {
    const runs = wordRuns(skeleton(form))
    for (const { why, phrases } of OURS) if (runs.some((r) => phrases.has(r))) return why
  }
  if (forms.some((f) => profanity.hasMatch(f))) return 'profanity'
  return null
}
