import nlp from 'compromise'
import { bootstrapMean } from './bench-stats.js'

/**
 * `npm run bench:quality -- --by-idea-form`: Recall@10 by how an idea is written, so that the search form's advice
 * follows the data. Wording comes from compromise's part-of-speech tagger: an idea with no verb is a noun phrase
 * ("witches, parallel worlds and Guy Fawkes", "the arctic"), one with a verb a sentence ("the kids leave the
 * forest", also "a creature made from dead body parts"). The tagger errs now and then ("read" as a verb in "sad
 * non-fiction read about chickens"); the groups are coarse enough for that.
 */
export type Wording = 'phrase' | 'sentence'

export const wordingOf = (idea: string): Wording => (nlp(idea).verbs().length > 0 ? 'sentence' : 'phrase')

/** Words as the search form counts them (whitespace-separated). */
export const wordCount = (idea: string): number => idea.trim().split(/\s+/).filter(Boolean).length

/** Length groups around the form's old advice (7-12 words). */
const LENGTHS: readonly (readonly [number, number])[] = [
  [1, 3],
  [4, 6],
  [7, 9],
  [10, 12],
  [13, Infinity],
]
const lengthLabel = ([lo, hi]: readonly [number, number]) =>
  hi === Infinity ? `${lo}+ words` : lo === hi ? `${lo} words` : `${lo}-${hi} words`

/** One search and where its answer came: its idea's (or ideas') words and wording, and the answer's rank. */
export interface FormCase {
  words: number
  wording: Wording
  /** 1-based rank of the answer; Infinity when not listed */
  rank: number
}

/**
 * A table of Recall@10 (with its 95 % bootstrap interval) and MRR@10, by length, by wording, and by both. Groups of
 * fewer than `minCases` cases are printed with their count only: their interval would be most of [0, 1].
 */
export function formTable(title: string, cases: readonly FormCase[], minCases = 15): string {
  const lines = [`\n${title}`, `  ${'group'.padEnd(30)}${'n'.padStart(5)}  ${'Recall@10'.padEnd(24)}MRR@10`]
  const row = (label: string, group: readonly FormCase[]) => {
    if (group.length < minCases) {
      lines.push(`  ${label.padEnd(30)}${String(group.length).padStart(5)}  (too few to say)`)
      return
    }
    const r10 = bootstrapMean(group.map((c) => (c.rank <= 10 ? 1 : 0)))
    const mrr = bootstrapMean(group.map((c) => (c.rank <= 10 ? 1 / c.rank : 0)))
    lines.push(
      `  ${label.padEnd(30)}${String(group.length).padStart(5)}  ` +
        `${r10.mean.toFixed(3)} [${r10.low.toFixed(3)}, ${r10.high.toFixed(3)}]`.padEnd(24) +
        mrr.mean.toFixed(3),
    )
  }
  const inLength =
    ([lo, hi]: readonly [number, number]) =>
    (c: FormCase) =>
      c.words >= lo && c.words <= hi
  row('all', cases)
  for (const bin of LENGTHS) row(lengthLabel(bin), cases.filter(inLength(bin)))
  for (const w of ['phrase', 'sentence'] as const)
    row(
      w === 'phrase' ? 'noun phrases' : 'sentences',
      cases.filter((c) => c.wording === w),
    )
  for (const w of ['phrase', 'sentence'] as const)
    for (const bin of LENGTHS)
      row(
        `${w === 'phrase' ? 'phrase' : 'sentence'}, ${lengthLabel(bin)}`,
        cases.filter((c) => c.wording === w && inLength(bin)(c)),
      )
  return lines.join('\n')
}
