import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, addIndex } from './schema-helpers.js'

/**
 * The admin console's record of who did what (issue 33): one row per admin action, with the state of its target
 * before and after. Append-only: the app has no route that edits or deletes it, and a trigger refuses UPDATE,
 * DELETE and TRUNCATE to anybody connected as the app (docs/admin.md, SECURITY.md "Admin console"). No foreign key to
 * users: an entry outlives the account that made it (its e-mail is kept beside the id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'admin_audit_log', {
    id: ID,
    admin_id: notNull('char(24)'),
    admin_email: notNull('text'),
    action: notNull('varchar(64)'),
    target_type: notNull('varchar(32)'),
    target_id: notNull('varchar(64)'),
    before: 'jsonb',
    after: 'jsonb',
    request_id: 'text',
    created_at: NOW,
  }).execute()
  await addIndex(db, 'admin_audit_log', 'admin_audit_log_time_idx', ['created_at', 'id'])
  await addIndex(db, 'admin_audit_log', 'admin_audit_log_admin_idx', ['admin_id', 'created_at'])
  await addIndex(db, 'admin_audit_log', 'admin_audit_log_action_idx', ['action', 'created_at'])
  await addIndex(db, 'admin_audit_log', 'admin_audit_log_target_idx', 'target_id')
  await sql`
    create function admin_audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$`.execute(db)
  await sql`
    create trigger admin_audit_log_no_change before update or delete on admin_audit_log
    for each row execute function admin_audit_log_append_only()`.execute(db)
  await sql`
    create trigger admin_audit_log_no_truncate before truncate on admin_audit_log
    for each statement execute function admin_audit_log_append_only()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute()
  await sql`drop function admin_audit_log_append_only()`.execute(db)
}
