import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122000000 from './20261122000000_create_platform.ts';
import * as m20261122010000 from './20261122010000_create_accounts.ts';
import * as m20261122020000 from './20261122020000_create_directory.ts';
import * as m20261122030000 from './20261122030000_unique_tip_transaction.ts';
import * as m20261123000000 from './20261123000000_upload_claim_tokens.ts';
import * as m20261123000100 from './20261123000100_create_job_leases.ts';
import * as m20261123020000 from './20261123020000_create_revoked_tokens.ts';
import * as m20261123040000 from './20261123040000_index_users_is_active.ts';
import * as m20261124000000 from './20261124000000_add_payment_status.ts';
import * as m20261124010000 from './20261124010000_create_subscriptions.ts';
import * as m20261124020000 from './20261124020000_create_places.ts';
import * as m20261124030000 from './20261124030000_create_screening.ts';
import * as m20261124040000 from './20261124040000_create_shop.ts';
import * as m20261124050000 from './20261124050000_admin_console.ts';
import * as m20261124051000 from './20261124051000_add_city_coordinates.ts';
import * as m20261124052000 from './20261124052000_add_documents_hold.ts';
import * as m20261124053000 from './20261124053000_create_two_factor_failures.ts';
import * as m20261124054000 from './20261124054000_index_risk_lookups.ts';
import * as m20261124060000 from './20261124060000_create_directory_changes.ts';
import * as m20261125000000 from './20261125000000_index_provider_images_order.ts';
import * as m20261129010000 from './20261129010000_create_screening_access.ts';
import * as m20261129020000 from './20261129020000_add_transaction_keys.ts';
import * as m20261129030000 from './20261129030000_create_pending_revisions.ts';
import * as m20261129040000 from './20261129040000_rename_upload_names.ts';
import * as m20261129050000 from './20261129050000_add_message_reply.ts';
import * as m20261129080000 from './20261129080000_create_pending_revision_files.ts';
import * as m20261129100000 from './20261129100000_rename_places_and_sellers.ts';
import * as m20261129110000 from './20261129110000_cover_reaction_lists.ts';
import * as m20261129120000 from './20261129120000_create_saved_providers.ts';
import * as m20261129130000 from './20261129130000_index_provider_search.ts';
import * as m20261130000000 from './20261130000000_create_conversations.ts';
import * as m20261130010000 from './20261130010000_create_account_deletions.ts';
import * as m20261130020000 from './20261130020000_create_screening_reviews.ts';
import * as m20261130090000 from './20261130090000_create_mail_outbox.ts';

/** Every migration, by name, in order. A static list works the same from source and from the bundle. */
const migrations: Record<string, Migration> = {
  '20261122000000_create_platform': m20261122000000,
  '20261122010000_create_accounts': m20261122010000,
  '20261122020000_create_directory': m20261122020000,
  '20261122030000_unique_tip_transaction': m20261122030000,
  '20261123000000_upload_claim_tokens': m20261123000000,
  '20261123000100_create_job_leases': m20261123000100,
  '20261123020000_create_revoked_tokens': m20261123020000,
  '20261123040000_index_users_is_active': m20261123040000,
  '20261124000000_add_payment_status': m20261124000000,
  '20261124010000_create_subscriptions': m20261124010000,
  '20261124020000_create_places': m20261124020000,
  '20261124030000_create_screening': m20261124030000,
  '20261124040000_create_shop': m20261124040000,
  '20261124050000_admin_console': m20261124050000,
  '20261124051000_add_city_coordinates': m20261124051000,
  '20261124052000_add_documents_hold': m20261124052000,
  '20261124053000_create_two_factor_failures': m20261124053000,
  '20261124054000_index_risk_lookups': m20261124054000,
  '20261124060000_create_directory_changes': m20261124060000,
  '20261125000000_index_provider_images_order': m20261125000000,
  '20261129010000_create_screening_access': m20261129010000,
  '20261129020000_add_transaction_keys': m20261129020000,
  '20261129030000_create_pending_revisions': m20261129030000,
  '20261129040000_rename_upload_names': m20261129040000,
  '20261129050000_add_message_reply': m20261129050000,
  '20261129080000_create_pending_revision_files': m20261129080000,
  '20261129100000_rename_places_and_sellers': m20261129100000,
  '20261129110000_cover_reaction_lists': m20261129110000,
  '20261129120000_create_saved_providers': m20261129120000,
  '20261129130000_index_provider_search': m20261129130000,
  '20261130000000_create_conversations': m20261130000000,
  '20261130010000_create_account_deletions': m20261130010000,
  '20261130020000_create_screening_reviews': m20261130020000,
  '20261130090000_create_mail_outbox': m20261130090000,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
