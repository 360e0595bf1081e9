import type {
  UsersTable,
  UserDocsTable,
  PasswordResetTokensTable,
  RevokedTokensTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorFailuresTable,
  TwoFactorLocksTable,
  VerificationDecisionsTable,
  AccountDeletionsTable,
  DataExportsTable,
} from './tables/accounts.ts';
import type { FilesTable, FilePhashBandsTable } from './tables/media.ts';
import type {
  CountriesTable,
  StatesTable,
  CitiesTable,
  LanguagesTable,
  RacesTable,
  PlaceTypesTable,
  PackagesTable,
  ProcessingCostsTable,
  SeedLogTable,
  SettingsTable,
} from './tables/reference.ts';
import type { ProvidersTable, ProviderFilesTable, DirectoryChangesTable } from './tables/directory.ts';
import type { ReactionsTable, SavedProvidersTable } from './tables/reactions.ts';
import type { CommentsTable } from './tables/comments.ts';
import type { ConversationsTable, MessageBlocksTable, MessagesTable } from './tables/messages.ts';
import type {
  CustomerHobbyistsTable,
  HobbyistRatingsTable,
  HobbyistCommentsTable,
  ScreeningReviewsTable,
} from './tables/screening.ts';
import type {
  TipsTable,
  TransactionsTable,
  SubscriptionsTable,
  PaymentReferencesTable,
} from './tables/billing.ts';
import type { AddressesTable, PlacesTable, PlaceReviewsTable } from './tables/places.ts';
import type {
  ContactMessagesTable,
  ReportsTable,
  AuditLogTable,
  ScreeningReadsTable,
  ScreeningSuspensionsTable,
  RiskSignalsTable,
  PendingRevisionsTable,
  PendingRevisionFilesTable,
} from './tables/moderation.ts';
import type { JobLeasesTable, MailOutboxTable } from './tables/system.ts';
import type {
  ProductsTable,
  WishlistItemsTable,
  CartsTable,
  OrdersTable,
  OrderLinesTable,
  OrderDetailsTable,
  OrderEventsTable,
} from './tables/shop.ts';

/**
 * Table types for Kysely. Booleans are 0/1 integers and timestamps ISO-8601 text on both engines;
 * money is integer cents. See docs/decisions/0002-portable-schema.md.
 * Each area's tables are typed in `tables/<area>.ts`; this file names them all as one database (`DB`).
 */
export type * from './tables/accounts.ts';
export type * from './tables/media.ts';
export type * from './tables/reference.ts';
export type * from './tables/directory.ts';
export type * from './tables/reactions.ts';
export type * from './tables/comments.ts';
export type * from './tables/messages.ts';
export type * from './tables/screening.ts';
export type * from './tables/billing.ts';
export type * from './tables/places.ts';
export type * from './tables/moderation.ts';
export type * from './tables/system.ts';
export type * from './tables/shop.ts';

export interface DB {
  users: UsersTable;
  files: FilesTable;
  user_docs: UserDocsTable;
  countries: CountriesTable;
  states: StatesTable;
  cities: CitiesTable;
  languages: LanguagesTable;
  races: RacesTable;
  place_types: PlaceTypesTable;
  packages: PackagesTable;
  processing_costs: ProcessingCostsTable;
  seed_log: SeedLogTable;
  password_reset_tokens: PasswordResetTokensTable;
  revoked_tokens: RevokedTokensTable;
  job_leases: JobLeasesTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  reports: ReportsTable;
  providers: ProvidersTable;
  provider_images: ProviderFilesTable;
  provider_docs: ProviderFilesTable;
  reactions: ReactionsTable;
  saved_providers: SavedProvidersTable;
  comments: CommentsTable;
  messages: MessagesTable;
  account_deletions: AccountDeletionsTable;
  data_exports: DataExportsTable;
  conversations: ConversationsTable;
  message_blocks: MessageBlocksTable;
  tips: TipsTable;
  transactions: TransactionsTable;
  subscriptions: SubscriptionsTable;
  payment_references: PaymentReferencesTable;
  settings: SettingsTable;
  directory_changes: DirectoryChangesTable;
  addresses: AddressesTable;
  places: PlacesTable;
  place_reviews: PlaceReviewsTable;
  customer_hobbyists: CustomerHobbyistsTable;
  hobbyist_ratings: HobbyistRatingsTable;
  hobbyist_comments: HobbyistCommentsTable;
  screening_reviews: ScreeningReviewsTable;
  screening_reads: ScreeningReadsTable;
  screening_suspensions: ScreeningSuspensionsTable;
  audit_log: AuditLogTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_failures: TwoFactorFailuresTable;
  two_factor_locks: TwoFactorLocksTable;
  verification_decisions: VerificationDecisionsTable;
  file_phash_bands: FilePhashBandsTable;
  risk_signals: RiskSignalsTable;
  pending_revisions: PendingRevisionsTable;
  pending_revision_files: PendingRevisionFilesTable;
  products: ProductsTable;
  wishlist_items: WishlistItemsTable;
  carts: CartsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_details: OrderDetailsTable;
  order_events: OrderEventsTable;
}
