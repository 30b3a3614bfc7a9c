import { sql, type Kysely } from 'kysely'

/**
 * Keyword search was slow because the weighted vector existed only as an expression index: the index found the
 * matches, but ranking them (ts_rank_cd) rebuilt every matching book's vector with to_tsvector, about 0.2 ms of CPU a
 * book (1.6 s on three processes for a word in a quarter of 100,000 books). The vectors are now stored, once per public book, in a narrow
 * table of their own (not a column of `podcasts`, which every `select *` of a listing would then carry), kept in
 * step by a trigger, so a search reads stored vectors of public books only and needs no status filter.
 * The expression index is no longer read and is dropped (it only cost every write a second to_tsvector).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table podcast_search_documents (
      podcast_id char(24) primary key references podcasts (id) on delete cascade,
      document tsvector not null
    )`.execute(db)
  // One function owns the rule "public = approved and active" for the table: a listing that stops being public
  // leaves it at once, one that becomes public (approval, re-activation, an edit) gets its vector (re)computed.
  await sql`
    create function podcast_search_documents_sync() returns trigger language plpgsql as $$
    begin
      if new.status = 1 and new.is_active then
        insert into podcast_search_documents (podcast_id, document)
        values (new.id, podcast_search_vector(new.title, new.author,
          new.primary_key || ' ' || new.secondary_key || ' ' || new.additional_key, new.description))
        on conflict (podcast_id) do update set document = excluded.document;
      else
        delete from podcast_search_documents where podcast_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
  // Only the columns the vector or the public rule read: other edits (counters, timestamps) cost nothing here.
  await sql`
    create trigger podcasts_search_documents_sync
    after insert or update of title, author, primary_key, secondary_key, additional_key, description, status, is_active
    on podcasts for each row execute function podcast_search_documents_sync()`.execute(db)
  await sql`
    insert into podcast_search_documents (podcast_id, document)
    select id, podcast_search_vector(title, author, primary_key || ' ' || secondary_key || ' ' || additional_key,
                                     description)
    from podcasts where status = 1 and is_active`.execute(db)
  await sql`create index podcast_search_documents_document_idx on podcast_search_documents using gin (document)`.execute(
    db,
  )
  await sql`drop index podcasts_search_vector_idx`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index podcasts_search_vector_idx on podcasts using gin (
      podcast_search_vector(title, author, primary_key || ' ' || secondary_key || ' ' || additional_key, description)
    )`.execute(db)
  await sql`drop trigger podcasts_search_documents_sync on podcasts`.execute(db)
  await sql`drop function podcast_search_documents_sync()`.execute(db)
  await sql`drop table podcast_search_documents`.execute(db)
}
