import { sql, type Kysely } from 'kysely'

/**
 * Issue 47: a blocked author's books are public nowhere (services/catalogue/src/visibility.ts). The keyword
 * index's stored vectors (podcast_search_documents, migration 2026_11_25_0900) are the public books only, kept by
 * a trigger on `podcasts`; this spells the owner's part of the rule there too: the trigger leaves out books of a
 * blocked owner (and fires when a book changes owner), a trigger on `users` takes an account's books out when it
 * is blocked and puts its public ones back when it is unblocked, and the books of accounts blocked today leave.
 */
export async function up(db: Kysely<any>): Promise<void> {
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
  await sql`drop trigger podcasts_search_documents_sync on podcasts`.execute(db)
  await sql`
    create trigger podcasts_search_documents_sync
    after insert or update of title, author, primary_key, secondary_key, additional_key, description, status,
      is_active, create_by
    on podcasts for each row execute function podcast_search_documents_sync()`.execute(db)
  await sql`
    create function podcast_search_documents_owner_sync() returns trigger language plpgsql as $$
    begin
      if new.is_blocked then
        delete from podcast_search_documents d using podcasts p
        where d.podcast_id = p.id and p.create_by = new.id;
      else
        insert into podcast_search_documents (podcast_id, document)
        select p.id, podcast_search_vector(p.title, p.author,
          p.primary_key || ' ' || p.secondary_key || ' ' || p.additional_key, p.description)
        from podcasts p where p.create_by = new.id and p.status = 1 and p.is_active
        on conflict (podcast_id) do nothing;
      end if;
      return null;
    end $$`.execute(db)
  // Only a change of the blocked flag: sign-ins, profile edits and counters cost nothing here.
  await sql`
    create trigger users_search_documents_owner_sync
    after update of is_blocked on users
    for each row when (old.is_blocked is distinct from new.is_blocked)
    execute function podcast_search_documents_owner_sync()`.execute(db)
  await sql`
    delete from podcast_search_documents d using podcasts p, users u
    where d.podcast_id = p.id and u.id = p.create_by and u.is_blocked`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_search_documents_owner_sync on users`.execute(db)
  await sql`drop function podcast_search_documents_owner_sync()`.execute(db)
  await sql`drop trigger podcasts_search_documents_sync on podcasts`.execute(db)
  await sql`
    create trigger podcasts_search_documents_sync
    after insert or update of title, author, primary_key, secondary_key, additional_key, description, status, is_active
    on podcasts for each row execute function podcast_search_documents_sync()`.execute(db)
  await sql`
    create or replace function podcast_search_documents_sync() returns trigger language plpgsql as $$
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
  // The books of blocked accounts come back, as the rule before this migration had them.
  await sql`
    insert into podcast_search_documents (podcast_id, document)
    select id, podcast_search_vector(title, author, primary_key || ' ' || secondary_key || ' ' || additional_key,
                                     description)
    from podcasts where status = 1 and is_active
    on conflict (podcast_id) do nothing`.execute(db)
}
