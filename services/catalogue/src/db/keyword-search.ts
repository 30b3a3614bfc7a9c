import { sql } from 'kysely'
import type { DbOrTx } from '@bookstrut/core'
import { notGhostedBy } from './ghosts.repository.js'
import { minTrigramSimilarity, typedWords, typoBudget } from './keyword-typos.js'

/** One page of a keyword search: ids best first, and how many public listings match in all. */
export interface SurfaceHits {
  ids: string[]
  total: number
}

export interface SurfaceSearchOptions {
  term: string
  offset: number
  limit: number
  /** the searching reader, whose ghosted books are left out of the matches (null or absent: anonymous) */
  readerId?: string | null
}

/** The most dictionary words one typed word is widened to (the closest by trigram similarity). */
export const TYPO_SPELLINGS_MAX = 20

/**
 * A tsquery lexeme as PostgreSQL prints it ('word', quotes doubled inside): rewritten to 'word':AB etc. to ask
 * for the word in some fields only (the stored vector's weights: title A, author B, genres and ideas C,
 * description D; see the migration 2026_12_03_1400_add_book_genres).
 */
const LEXEME = `'(?:[^']|'')+'`

/**
 * Keyword search over public listings the reader did not ghost, with Meilisearch's default semantics so both
 * keyword backends answer alike (docs/idea-search.md, "Keyword mode"):
 *
 * - stop words ask nothing (PostgreSQL's English list, the one the Meilisearch adapter is given);
 * - matching strategy `last`: a book must hold the first word that asks something; books holding the first k
 *   words rank above those holding only the first k - 1 (query words are dropped from the end until books match);
 * - every word the catalogue does not hold as typed is forgiven its typos (keyword-typos.ts: none up to 4 letters,
 *   one from 5, two from 9), widened to at most TYPO_SPELLINGS_MAX dictionary words, whatever the other words
 *   match; a word some book holds is taken as typed (Meilisearch would add its neighbours too, ranked under it:
 *   "living" would also match "giving", and such a widened common word costs 10-20 times as many books to rank);
 *   excluded words (-word) stay exact;
 * - ranking rules in Meilisearch's order: words (matched from the start), typo (fewer words matched only
 *   through a misspelling), proximity (how closely the matched words stand in the closest passage holding them
 *   all: 1 / ts_rank_cd with equal weights is about the span they cover, capped at 8), attribute (per matched
 *   word the best field it is in: title, author, genres/ideas, description, summed), then exactness
 *   (approximated by the weighted cover density ts_rank_cd: more and closer matches in heavier fields), then id.
 *
 * One statement: the spellings, the queries made of them, every matching book ranked once (small columns only),
 * then the count and one page (a top-N sort) from that one set.
 */
export async function surfaceSearch(db: DbOrTx, opts: SurfaceSearchOptions): Promise<SurfaceHits> {
  const { words, excluded } = typedWords(opts.term)
  if (words.length === 0) return { ids: [], total: 0 }
  const budgets = words.map(typoBudget)
  const floors = words.map((w, i) => minTrigramSimilarity(w, budgets[i] ?? 0))
  const restrict = (fields: string) =>
    sql`regexp_replace(q::text, ${LEXEME}, ${`\\&:${fields}`}, 'g')::tsquery`
  const { rows } = await sql<{ total: number; id: string | null }>`
    with typed as (
      select t.ord, t.word, t.budget, t.floor, plainto_tsquery('english', t.word) as exact
      from unnest(${words}::text[], ${budgets}::int[], ${floors}::real[]) with ordinality as t(word, budget, floor, ord)
    ),
    -- the words that ask something (stop words left out), numbered 1..n in the order typed
    terms as (
      select row_number() over (order by ord) as k, word, budget, floor, exact from typed where numnode(exact) > 0
    ),
    spellings as (
      select terms.k, terms.exact as q from terms
      union
      select terms.k, plainto_tsquery('english', near.word)
      from terms, lateral surface_words_within(terms.word, terms.budget, terms.floor, ${TYPO_SPELLINGS_MAX}) as near(word)
      where terms.budget > 0 and not exists (select 1 from surface_words w where w.word = terms.word)
    ),
    -- per word: the word as typed, any of its spellings, and any spelling asked in the heavier fields only
    alternatives as (
      select k, exact, q, ${restrict('A')} as in_a, ${restrict('AB')} as in_ab, ${restrict('ABC')} as in_abc
      from (
        select s.k, min(t.exact::text)::tsquery as exact, string_agg('(' || s.q::text || ')', ' | ')::tsquery as q
        from spellings s join terms t on t.k = s.k
        where numnode(s.q) > 0
        group by s.k
      ) a
    ),
    -- the first k words together, for every k
    prefixes as (
      select a.k, (select string_agg('(' || b.q::text || ')', ' & ' order by b.k) from alternatives b where b.k <= a.k)::tsquery as q
      from alternatives a
    ),
    exclusion as (
      select string_agg('(' || x::text || ')', ' | ')::tsquery as q
      from unnest(${excluded}::text[]) e, lateral plainto_tsquery('english', e) x
      where numnode(x) > 0
    ),
    matches as materialized (
      select d.podcast_id as id, m.words, r.typos, r.attribute,
        case when m.words < 2 then 0
             else least(8, floor(1 / greatest(ts_rank_cd('{1,1,1,1}', d.document, p.q), 0.001))) end as proximity,
        ts_rank_cd(d.document, p.q) as density
      from podcast_search_documents d
      join prefixes first on first.k = 1
      cross join exclusion
      cross join lateral (select max(pk.k) as words from prefixes pk where d.document @@ pk.q) m
      join prefixes p on p.k = m.words
      cross join lateral (
        select count(*) filter (where not (d.document @@ a.exact)) as typos,
          sum(case when d.document @@ a.in_a then 0 when d.document @@ a.in_ab then 1
                   when d.document @@ a.in_abc then 2 else 3 end) as attribute
        from alternatives a where a.k <= m.words
      ) r
      where d.document @@ first.q
        and (exclusion.q is null or not (d.document @@ exclusion.q))
        and ${notGhostedBy(opts.readerId ?? null, sql.ref('d.podcast_id'))}
    )
    select counted.total, page.id
    from (select count(*)::int as total from matches) counted
    left join lateral (
      select id from matches
      order by words desc, typos, proximity, attribute, density desc, id
      offset ${opts.offset} limit ${opts.limit}
    ) page on true`.execute(db)
  return {
    ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])),
    total: Number(rows[0]?.total ?? 0),
  }
}
