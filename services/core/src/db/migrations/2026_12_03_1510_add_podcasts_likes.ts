import { sql, type Kysely } from 'kysely'

/*
 * Likes counted per book (issue 48): a reader likes a book, not one of its podblurbs, and a book without a podblurb
 * had nowhere to count its likes (the count shown was the first podblurb's). `podcasts.likes` is the number of
 * readers who like the book now, kept by the reactions repository in the transaction of each like and unlike;
 * the episodes' own counts stay for the podblurb a like was given on. Filled here from the likes stored so far.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('podcasts')
    .addColumn('likes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`likes >= 0`),
    )
    .execute()
  await sql`update podcasts p set likes = l.n
    from (select podcast_id, count(*)::int as n from likes group by podcast_id) l
    where l.podcast_id = p.id`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('podcasts').dropColumn('likes').execute()
}
