import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Accounts and their sign-in: the
 * account, its ID documents and verification decisions, password resets, revoked tokens, two-factor
 * sign-in.
 */

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  provider: Generated<string>;
  password: string;
  phone_number: string | null;
  dob: string | null;
  city: string | null;
  user_type: 'Hobbyist' | 'Provider' | 'Vender' | null;
  is_active: Generated<number>;
  role: Generated<'authenticated' | 'admin'>;
  first_name: string | null;
  last_name: string | null;
  avatar_id: number | null;
  password_changed_at: string | null;
  /** Signed into every token; a password change increments it, which revokes older tokens. */
  token_version: Generated<number>;
  /** A provider's ID verification; null for accounts that need none. */
  verification: 'pending' | 'verified' | 'rejected' | null;
  verification_reason: string | null;
  verified_at: string | null;
  verified_by: number | null;
  /** A legal hold on the account's ID documents (`YYYY-MM-DD`): the retention job keeps them until then. */
  documents_hold_until: string | null;
  /** Two-factor sign-in: the TOTP secret (base32) from enrolment; on once `two_factor_enabled_at` is set. */
  two_factor_secret: string | null;
  two_factor_enabled_at: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  two_factor_last_step: number | null;
  /** Whether a new message is announced by mail (1 unless the account turned it off). */
  message_mail: Generated<number>;
  /** When the account was deleted: the row stays as "deleted account", its personal fields gone. */
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserDocsTable {
  user_id: number;
  file_id: number;
}

/** A password reset link: only the SHA-256 of the e-mailed code is kept. */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A token revoked by logout before it expires: its `jti` (or a hash of a token without one). */
export interface RevokedTokensTable {
  token_id: string;
  user_id: number;
  expires_at: string;
}

/** The one-time recovery codes of two-factor sign-in: only their SHA-256 is kept. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A two-factor code attempt on an enrolled account (a right code deletes its row); see the migration. */
export interface TwoFactorFailuresTable {
  id: Generated<number>;
  user_id: number;
  /** The sign-in challenge's token id; null for the profile's code checks. */
  token_id: string | null;
  created_at: string;
}

/** An account whose two-factor code step is locked (too many wrong codes) until `locked_until`. */
export interface TwoFactorLocksTable {
  user_id: number;
  locked_until: string;
  created_at: string;
}

/** The record of an ID verification decision, kept after the documents are deleted. */
export interface VerificationDecisionsTable {
  id: Generated<number>;
  user_id: number;
  decided_by: number | null;
  decision: 'verified' | 'rejected';
  reason: string | null;
  /** What kind of documents were looked at, e.g. `2 × image/jpeg, 1 × application/pdf`. */
  document_kinds: string;
  decided_at: string;
  /** When the retention job deleted the documents' files; null while they are kept. */
  documents_deleted_at: string | null;
}

/** A deleted account whose files the job has yet to remove (`state` pending), or has removed (done). */
export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  /** Who asked: the account itself, or the admin. */
  requested_by: number | null;
  state: Generated<'pending' | 'done'>;
  /** JSON: the stored file names still to remove from disk (public or private), so a re-run finishes them. */
  files: string | null;
  created_at: string;
  finished_at: string | null;
}

/** An account's data as one zip file (in the storage's private files), prepared by a job, offered for 7 days. */
export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  /** Who asked: the account itself, or the admin on the person's request. */
  requested_by: number | null;
  /** `running` while one preparer writes it (so a second one never writes it again). */
  state: Generated<'pending' | 'running' | 'ready' | 'failed'>;
  /** The zip's stored name (`export-<random>.zip` in the storage's private folder), once ready. */
  file: string | null;
  size: number | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}
