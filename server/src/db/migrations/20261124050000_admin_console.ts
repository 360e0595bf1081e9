import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';
import { withId } from './helpers.ts';

/**
 * The admin console and the trust stack.
 *
 * - `users`: the provider's ID verification (`verification`: `pending` | `verified` | `rejected`, null for
 *   accounts that need none), its reason, who decided and when; two-factor sign-in (`two_factor_secret`, base32,
 *   set at enrolment; `two_factor_enabled_at` once a first code confirmed it; `two_factor_last_step`, the last
 *   TOTP time step accepted, so a code works once).
 * - `two_factor_recovery_codes`: the SHA-256 of each one-time recovery code, and when it was used.
 * - `verification_decisions`: the record kept after the documents are gone (who, when, which decision, what
 *   kind of documents) and when the retention job deleted the files.
 * - `files.phash`: a perceptual hash (64-bit dHash, hex) of each uploaded image.
 * - `risk_signals`: what the server noticed when an ad or place was submitted (kind, weight, explanation).
 * - `reports`: an internal `staff_note`, the admin who handled it, and the reported record (`subject`,
 *   e.g. `provider:12`); `contact_messages`: a `status` and a `staff_note` as reports have
 *   (their `note` is the sender's message).
 * - `packages.retired`: a retired package is not sold any more but stays on the subscriptions that have it.
 * - `audit_log`: the address the admin called from and the record before and after; append-only: triggers on
 *   both engines refuse DELETE, TRUNCATE (PostgreSQL) and any UPDATE but setting `actor_id` to null (the one
 *   place a migration goes beyond the schema builder; decision 0009).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('verification', 'text').execute();
  await db.schema.alterTable('users').addColumn('verification_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('verified_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
  // Providers registered before verification existed wait for a decision like new ones.
  await db
    .updateTable('users')
    .set({ verification: 'pending' })
    .where('user_type', '=', 'Provider')
    .execute();
  await db.schema.createIndex('users_verification_index').on('users').column('verification').execute();

  await withId(db, db.schema.createTable('two_factor_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_index')
    .on('two_factor_recovery_codes')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('verification_decisions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('document_kinds', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('documents_deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_decisions_user_index')
    .on('verification_decisions')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('verification_decisions_retention_index')
    .on('verification_decisions')
    .columns(['documents_deleted_at', 'decided_at'])
    .execute();

  await db.schema.alterTable('files').addColumn('phash', 'text').execute();
  await db.schema.createIndex('files_phash_index').on('files').column('phash').execute();

  await withId(db, db.schema.createTable('risk_signals'))
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('risk_signals_record_index')
    .on('risk_signals')
    .columns(['record_type', 'record_id'])
    .execute();

  await db.schema.alterTable('reports').addColumn('staff_note', 'text').execute();
  await db.schema.alterTable('reports').addColumn('subject', 'text').execute();
  await db.schema
    .alterTable('reports')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('reports_status_created_index')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .alterTable('contact_messages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .execute();
  await db.schema.alterTable('contact_messages').addColumn('staff_note', 'text').execute();

  await db.schema
    .alterTable('packages')
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('audit_log').addColumn('ip', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('before_value', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('after_value', 'text').execute();
  await db.schema.createIndex('audit_log_actor_index').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_index').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_subject_index').on('audit_log').columns(['subject', 'id']).execute();
  await appendOnly(db);
}

/**
 * Makes `audit_log` append-only in the database itself, on both engines: DELETE (and TRUNCATE on
 * PostgreSQL) is refused, and so is every UPDATE but one that sets `actor_id` to null and leaves every
 * other column as it was (deleting an admin account sets its entries' actor to null: the rows stay).
 * An entry can never be moved to another actor, renumbered or rewritten.
 */
async function appendOnly(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) {
    // Every column but `actor_id` compared through its JSON form, so a column added later is covered too.
    await sql`create or replace function audit_log_append_only() returns trigger as $$
      begin
        if tg_op = 'UPDATE' then
          if new.actor_id is null
            and (to_jsonb(new) - 'actor_id') is not distinct from (to_jsonb(old) - 'actor_id') then
            return new;
          end if;
        end if;
        raise exception 'audit_log is append-only';
      end; $$ language plpgsql`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete
      on audit_log for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate
      on audit_log for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      when new.actor_id is not null or new.id is not old.id or new.action is not old.action
        or new.subject is not old.subject or new.details is not old.details or new.ip is not old.ip
        or new.before_value is not old.before_value or new.after_value is not old.after_value
        or new.created_at is not old.created_at
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

function isSqlite(db: Kysely<any>): boolean {
  return engineOf(db) === 'sqlite';
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger if exists audit_log_no_update`.execute(db);
    await sql`drop trigger if exists audit_log_no_delete`.execute(db);
  } else {
    await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger if exists audit_log_no_update on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  }
  for (const index of ['audit_log_actor_index', 'audit_log_action_index', 'audit_log_subject_index']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['ip', 'before_value', 'after_value']) {
    await db.schema.alterTable('audit_log').dropColumn(column).execute();
  }
  await db.schema.alterTable('packages').dropColumn('retired').execute();
  await db.schema.alterTable('contact_messages').dropColumn('staff_note').execute();
  await db.schema.alterTable('contact_messages').dropColumn('status').execute();
  await db.schema.dropIndex('reports_status_created_index').execute();
  for (const column of ['staff_note', 'subject', 'handled_by']) {
    await db.schema.alterTable('reports').dropColumn(column).execute();
  }
  await db.schema.dropTable('risk_signals').execute();
  await db.schema.dropIndex('files_phash_index').execute();
  await db.schema.alterTable('files').dropColumn('phash').execute();
  await db.schema.dropTable('verification_decisions').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropIndex('users_verification_index').execute();
  for (const column of [
    'two_factor_last_step',
    'two_factor_enabled_at',
    'two_factor_secret',
    'verified_by',
    'verified_at',
    'verification_reason',
    'verification',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
