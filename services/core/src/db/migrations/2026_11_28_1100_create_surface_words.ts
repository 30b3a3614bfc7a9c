import { sql, type Kysely } from 'kysely'

/**
 * Keyword search forgives typos word by word (as Meilisearch does): a typed word is widened to the catalogue's
 * words within its typo budget. `surface_words` is that dictionary: every word (lower case, as PostgreSQL's
 * 'simple' text search configuration splits them) of the title, author, ideas and description of public books,
 * with a trigram index to find a typed word's neighbours, and `within_typos` (fuzzystrmatch's Levenshtein, with
 * two neighbouring letters swapped counting as one typo, as Meilisearch counts) to keep those within budget.
 *
 * Statement-level triggers add the words of books inserted or changed (one INSERT per statement, so an import
 * batch of 500 books costs one pass). Words are never removed when a book goes: a word no public book holds any
 * more only widens a misspelt query to a word that matches nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists fuzzystrmatch`.execute(db)
  await sql`create table surface_words (word text primary key)`.execute(db)
  // A book's words: hyphenated compounds, addresses and file names are left out (a typed word never holds
  // their punctuation; their parts are words of their own).
  await sql`
    create function podcast_surface_words(title text, author text, ideas text, description text)
    returns setof text language sql immutable parallel safe as $$
      select w from unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ', title, author, ideas, description)))) w
      where length(w) between 2 and 40 and w !~ '[-./@:_]'
    $$`.execute(db)
  // Sorted, so concurrent writers insert shared words in one order and never deadlock on each other.
  await sql`
    create function surface_words_from_inserted() returns trigger language plpgsql as $$
    begin
      insert into surface_words (word)
      select distinct w from new_rows n,
        podcast_surface_words(n.title, n.author, concat_ws(' ', n.primary_key, n.secondary_key, n.additional_key),
                              n.description) w
      where n.status = 1 and n.is_active
      order by w
      on conflict do nothing;
      return null;
    end $$`.execute(db)
  // Updates: only books whose text changed or that became public (counters and timestamps cost a join).
  await sql`
    create function surface_words_from_updated() returns trigger language plpgsql as $$
    begin
      insert into surface_words (word)
      select distinct w from new_rows n join old_rows o on o.id = n.id,
        podcast_surface_words(n.title, n.author, concat_ws(' ', n.primary_key, n.secondary_key, n.additional_key),
                              n.description) w
      where n.status = 1 and n.is_active
        and (not (o.status = 1 and o.is_active)
             or (o.title, o.author, o.primary_key, o.secondary_key, o.additional_key, o.description)
                is distinct from (n.title, n.author, n.primary_key, n.secondary_key, n.additional_key, n.description))
      order by w
      on conflict do nothing;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger podcasts_surface_words_insert after insert on podcasts
    referencing new table as new_rows for each statement execute function surface_words_from_inserted()`.execute(
    db,
  )
  await sql`
    create trigger podcasts_surface_words_update after update on podcasts
    referencing old table as old_rows new table as new_rows
    for each statement execute function surface_words_from_updated()`.execute(db)
  await sql`
    insert into surface_words (word)
    select distinct w from podcasts p,
      podcast_surface_words(p.title, p.author, concat_ws(' ', p.primary_key, p.secondary_key, p.additional_key),
                            p.description) w
    where p.status = 1 and p.is_active
    on conflict do nothing`.execute(db)
  await sql`create index surface_words_trgm_idx on surface_words using gin (word gin_trgm_ops)`.execute(db)
  // Typos as Meilisearch counts them: Levenshtein edits, a swap of two neighbouring letters being one typo (one
  // swap, then the rest of the budget in plain edits).
  await sql`
    create function within_typos(typed text, word text, budget int)
    returns boolean language sql immutable parallel safe as $$
      select levenshtein_less_equal(typed, word, budget) <= budget
        or (budget > 0 and exists (
          select 1 from generate_series(1, length(typed) - 1) i
          where substr(typed, i, 1) <> substr(typed, i + 1, 1)
            and levenshtein_less_equal(
                  overlay(typed placing substr(typed, i + 1, 1) || substr(typed, i, 1) from i for 2),
                  word, budget - 1) <= budget - 1))
    $$`.execute(db)
  // The dictionary words within `budget` typos of a typed word, closest first. The trigram index finds the
  // candidates; `min_similarity` is the lowest trigram similarity a word within budget can have (see
  // keyword-typos.ts), set for this call only and restored before returning.
  await sql`
    create function surface_words_within(typed text, budget int, min_similarity real, max_words int)
    returns setof text language plpgsql stable as $$
    declare
      previous text := coalesce(current_setting('pg_trgm.similarity_threshold', true), '0.3');
    begin
      perform set_config('pg_trgm.similarity_threshold', min_similarity::text, true);
      return query
        select w.word from surface_words w
        where w.word % typed
          and length(w.word) between length(typed) - budget and length(typed) + budget
          and w.word <> typed
          and within_typos(typed, w.word, budget)
        order by similarity(w.word, typed) desc, w.word
        limit max_words;
      perform set_config('pg_trgm.similarity_threshold', previous, true);
    end $$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function surface_words_within(text, int, real, int)`.execute(db)
  await sql`drop function within_typos(text, text, int)`.execute(db)
  await sql`drop trigger podcasts_surface_words_update on podcasts`.execute(db)
  await sql`drop trigger podcasts_surface_words_insert on podcasts`.execute(db)
  await sql`drop function surface_words_from_updated()`.execute(db)
  await sql`drop function surface_words_from_inserted()`.execute(db)
  await sql`drop function podcast_surface_words(text, text, text, text)`.execute(db)
  await sql`drop table surface_words`.execute(db)
}
