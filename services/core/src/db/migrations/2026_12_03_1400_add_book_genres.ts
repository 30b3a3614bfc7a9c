import { sql, type Kysely } from 'kysely'

/**
 * A book's genres (issue 46): the demo catalogue and imports carry a list of shelf-genres ("Fantasy, Magic, Young
 * Adult") of which only the first was kept, as the category. They are stored whole (`genres`, comma-separated) and
 * become searchable in keyword mode, so "magic school" finds Harry Potter.
 *
 * The stored keyword vector gets one weight per searchable field, in Meilisearch's searchable-attribute order
 * (services/search/src/surface/keyword-semantics.ts): title A, author B, genres and ideas C (PostgreSQL has four
 * weights), description D. Before, title and author shared A and description was C. Every public book's vector is
 * recomputed, and the genres' words join the typo dictionary.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table podcasts add column genres text not null default ''`.execute(db)
  // Fields and list items (each genre, each idea) are kept eight positions apart by leading stop words (which
  // take positions but no lexeme), as Meilisearch keeps attributes and array items apart: words in two fields or
  // two genres are never "close" for the proximity rule ("Magical Realism, School" is not "magic school").
  await sql`
    create function podcast_keyword_vector(title text, author text, genres text, idea1 text, idea2 text,
                                           idea3 text, description text)
    returns tsvector language sql immutable parallel safe as $$
      select setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
             setweight(to_tsvector('english', gap || coalesce(author, '')), 'B') ||
             setweight(to_tsvector('english', gap || replace(coalesce(genres, ''), ',', ' ' || gap) || ' ' ||
               gap || coalesce(idea1, '') || ' ' || gap || coalesce(idea2, '') || ' ' || gap || coalesce(idea3, '')),
               'C') ||
             setweight(to_tsvector('english', gap || coalesce(description, '')), 'D')
      from (select repeat('the ', 8) as gap) g
    $$`.execute(db)
  // The public-books rule of 2026_12_03_1100 (no book of a blocked owner) is kept; only the vector changes.
  await sql`
    create or replace function podcast_search_documents_sync() returns trigger language plpgsql as $$
    begin
      if new.status = 1 and new.is_active
         and not exists (select 1 from users u where u.id = new.create_by and u.is_blocked) then
        insert into podcast_search_documents (podcast_id, document)
        values (new.id, podcast_keyword_vector(new.title, new.author, new.genres, new.primary_key,
          new.secondary_key, new.additional_key, new.description))
        on conflict (podcast_id) do update set document = excluded.document;
      else
        delete from podcast_search_documents where podcast_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`drop trigger podcasts_search_documents_sync on podcasts`.execute(db)
  await sql`
    create trigger podcasts_search_documents_sync
    after insert or update of title, author, genres, primary_key, secondary_key, additional_key, description, status,
      is_active, create_by
    on podcasts for each row execute function podcast_search_documents_sync()`.execute(db)
  await replaceOwnerSync(
    db,
    'podcast_keyword_vector(p.title, p.author, p.genres, p.primary_key, p.secondary_key, p.additional_key, ' +
      'p.description)',
  )
  await replaceWordTriggers(db, true)
  await sql`
    update podcast_search_documents d
    set document = podcast_keyword_vector(p.title, p.author, p.genres, p.primary_key, p.secondary_key,
      p.additional_key, p.description)
    from podcasts p where p.id = d.podcast_id`.execute(db)
}

/**
 * The trigger on `users` (2026_12_03_1100) that puts an unblocked owner's public books back in the keyword index,
 * computing their stored vector with `vector` (an expression over the book `p`).
 */
async function replaceOwnerSync(db: Kysely<any>, vector: string) {
  await sql`
    create or replace function podcast_search_documents_owner_sync() returns trigger language plpgsql as $$
    begin
      if new.is_blocked then
        delete from podcast_search_documents d using podcasts p
        where d.podcast_id = p.id and p.create_by = new.id;
      else
        insert into podcast_search_documents (podcast_id, document)
        select p.id, ${sql.raw(vector)}
        from podcasts p where p.create_by = new.id and p.status = 1 and p.is_active
        on conflict (podcast_id) do nothing;
      end if;
      return null;
    end $$`.execute(db)
}

/** The typo dictionary's triggers, reading the genres too (`withGenres`) or not (going down). */
async function replaceWordTriggers(db: Kysely<any>, withGenres: boolean) {
  const ideas = (row: string) =>
    withGenres
      ? `concat_ws(' ', ${row}.genres, ${row}.primary_key, ${row}.secondary_key, ${row}.additional_key)`
      : `concat_ws(' ', ${row}.primary_key, ${row}.secondary_key, ${row}.additional_key)`
  const changed = withGenres
    ? `(o.title, o.author, o.genres, o.primary_key, o.secondary_key, o.additional_key, o.description)
       is distinct from (n.title, n.author, n.genres, n.primary_key, n.secondary_key, n.additional_key, n.description)`
    : `(o.title, o.author, o.primary_key, o.secondary_key, o.additional_key, o.description)
       is distinct from (n.title, n.author, n.primary_key, n.secondary_key, n.additional_key, n.description)`
  await sql`
    create or replace function surface_words_from_inserted() returns trigger language plpgsql as $$
    begin
      insert into surface_words (word)
      select distinct w from new_rows n,
        podcast_surface_words(n.title, n.author, ${sql.raw(ideas('n'))}, n.description) w
      where n.status = 1 and n.is_active
      order by w
      on conflict do nothing;
      return null;
    end $$`.execute(db)
  await sql`
    create or replace function surface_words_from_updated() returns trigger language plpgsql as $$
    begin
      insert into surface_words (word)
      select distinct w from new_rows n join old_rows o on o.id = n.id,
        podcast_surface_words(n.title, n.author, ${sql.raw(ideas('n'))}, n.description) w
      where n.status = 1 and n.is_active
        and (not (o.status = 1 and o.is_active) or ${sql.raw(changed)})
      order by w
      on conflict do nothing;
      return null;
    end $$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceWordTriggers(db, false)
  await sql`drop trigger podcasts_search_documents_sync on podcasts`.execute(db)
  // Back to 2026_12_03_1100's functions and trigger: the old vector, the blocked-owner rule kept.
  await sql`
    create or replace function podcast_search_documents_sync() returns trigger language plpgsql as $$
    begin
      if new.status = 1 and new.is_active
         and not exists (select 1 from users u where u.id = new.create_by and u.is_blocked) then
        insert into podcast_search_documents (podcast_id, document)
        values (new.id, podcast_search_vector(new.title, new.author,
          new.primary_key || ' ' || new.secondary_key || ' ' || new.additional_key, new.description))
        on conflict (podcast_id) do update set document = excluded.document;
      else
        delete from podcast_search_documents where podcast_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger podcasts_search_documents_sync
    after insert or update of title, author, primary_key, secondary_key, additional_key, description, status,
      is_active, create_by
    on podcasts for each row execute function podcast_search_documents_sync()`.execute(db)
  await replaceOwnerSync(
    db,
    "podcast_search_vector(p.title, p.author, p.primary_key || ' ' || p.secondary_key || ' ' || p.additional_key, " +
      'p.description)',
  )
  await sql`
    update podcast_search_documents d
    set document = podcast_search_vector(p.title, p.author,
      p.primary_key || ' ' || p.secondary_key || ' ' || p.additional_key, p.description)
    from podcasts p where p.id = d.podcast_id`.execute(db)
  await sql`drop function podcast_keyword_vector(text, text, text, text, text, text, text)`.execute(db)
  await sql`alter table podcasts drop column genres`.execute(db)
}
