import { sql, type Kysely } from 'kysely'

/**
 * Keyword ("surface") search in PostgreSQL: a weighted full-text vector over title and author (A), the three
 * ideas (B) and the description (C), kept as an expression index (no stored column that every read of a
 * listing would carry), and trigram indexes on title and author so misspelt words still match.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  await sql`
    create function podcast_search_vector(title text, author text, ideas text, description text)
    returns tsvector language sql immutable parallel safe as $$
      select setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(author, '')), 'A') ||
             setweight(to_tsvector('english', coalesce(ideas, '')), 'B') ||
             setweight(to_tsvector('english', coalesce(description, '')), 'C')
    $$`.execute(db)
  await sql`
    create index podcasts_search_vector_idx on podcasts using gin (
      podcast_search_vector(title, author, primary_key || ' ' || secondary_key || ' ' || additional_key, description)
    )`.execute(db)
  await sql`create index podcasts_title_trgm_idx on podcasts using gin (title gin_trgm_ops)`.execute(db)
  await sql`create index podcasts_author_trgm_idx on podcasts using gin (author gin_trgm_ops)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index podcasts_author_trgm_idx`.execute(db)
  await sql`drop index podcasts_title_trgm_idx`.execute(db)
  await sql`drop index podcasts_search_vector_idx`.execute(db)
  await sql`drop function podcast_search_vector(text, text, text, text)`.execute(db)
}
