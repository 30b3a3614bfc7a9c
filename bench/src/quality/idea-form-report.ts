import { rankBooks, type BookTextIndex, type BookVectorIndex, type CosineScale } from '@bookstrut/search'
import type { SecondStageModel } from '@bookstrut/search/bench'
import { formTable, wordCount, wordingOf, type FormCase } from '../idea-form.js'
import { rankIn, type Query } from './report.js'

/**
 * `--by-idea-form`: Recall@10 by the ideas' length and wording (idea-form.ts). Each idea searched alone, as the
 * product ranks one idea (its vector and its BM25 strength), then each request's three ideas together, grouped by
 * their mean length and by whether most of them are noun phrases.
 */
export function ideaFormReport(
  model: string,
  queries: readonly Query[],
  context: {
    index: BookVectorIndex
    textIndex: BookTextIndex
    scale: CosineScale
    secondStage?: SecondStageModel
  },
  ideas: Float32Array[][],
  fusedRankings: string[][],
): string {
  const { index, textIndex, scale, secondStage } = context
  const alone: FormCase[] = []
  const requests: FormCase[] = []
  queries.forEach((q, qi) => {
    const wordings = q.ideas.map(wordingOf)
    q.ideas.forEach((idea, i) => {
      const ranked = rankBooks(index, [ideas[qi]![i]!], {
        lexical: textIndex.matchIdeas([idea]),
        scale,
        secondStage: secondStage ?? false,
      })
      alone.push({
        words: wordCount(idea),
        wording: wordings[i]!,
        rank: rankIn(
          ranked.map((r) => r.bookId),
          q,
        ),
      })
    })
    const phrases = wordings.filter((w) => w === 'phrase').length
    requests.push({
      words: Math.round(q.ideas.reduce((sum, idea) => sum + wordCount(idea), 0) / q.ideas.length),
      wording: phrases * 2 > q.ideas.length ? 'phrase' : 'sentence',
      rank: rankIn(fusedRankings[qi]!, q),
    })
  })
  return [
    formTable(
      `${model}: each idea searched alone, by its length and wording (BM25 per idea, the product)`,
      alone,
    ),
    formTable(`${model}: whole requests, by their ideas' mean length and most ideas' wording`, requests),
  ].join('\n')
}
