import { sql, type Kysely } from 'kysely'

/*
 * Plans granted by admins (issue 48): a membership an admin gave (complimentary: a paid plan for nothing until a
 * date) or lengthened (extended: the held plan's end moved later) says so, with the admin's reason (shown to the
 * member in My Membership) and who granted it. The audit log keeps the before and after of every grant; these
 * columns are what the member and the console read now. All null on memberships bought or given at sign-up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('memberships')
    .addColumn('grant_kind', 'text', (c) => c.check(sql`grant_kind in ('complimentary', 'extended')`))
    .addColumn('grant_reason', 'text')
    .addColumn('granted_by', 'char(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_at', 'timestamptz')
    .execute()
  // A grant always has its reason and time; a membership nobody granted has neither.
  await sql`alter table memberships add constraint memberships_grant_check check (
    (grant_kind is null and grant_reason is null and granted_at is null)
    or (grant_kind is not null and grant_reason is not null and granted_at is not null))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table memberships drop constraint memberships_grant_check`.execute(db)
  await db.schema
    .alterTable('memberships')
    .dropColumn('granted_at')
    .dropColumn('granted_by')
    .dropColumn('grant_reason')
    .dropColumn('grant_kind')
    .execute()
}
