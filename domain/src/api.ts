/** Shapes of the Strapi-style API contract that the server sends and the web client reads. */
export interface ApiItem<T> {
  id: number;
  attributes: T;
}
export interface ApiPagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}
export interface ApiList<T> {
  data: ApiItem<T>[];
  meta: { pagination: ApiPagination };
}
/** A populated to-one relation, as Strapi nests it. */
export interface RelationOne<T> {
  data: ApiItem<T> | null;
}
/** A populated to-many relation (Strapi sends `data: null` for an empty media list; this server `[]`). */
export interface RelationMany<T> {
  data: ApiItem<T>[] | null;
}
/**
 * A member as others see them beside what they wrote (a comment, a place review, a message, a
 * screening comment): the username. `first_name` and `last_name` stay in the shape because the seed
 * client asks for them, but the server answers them null (docs/decisions/0016-members-shown-by-username.md).
 */
export interface AuthorAttributes {
  username?: string | null;
  first_name?: null;
  last_name?: null;
}
/** The populate of an author: its username, the one field answered. */
export const AUTHOR_POPULATE = { fields: ['username'] };
/** An author's name beside what they wrote: the username; empty when the account is gone. */
export function authorName(author: RelationOne<AuthorAttributes> | undefined): string {
  return author?.data?.attributes.username ?? '';
}
export interface ApiSingle<T> {
  data: ApiItem<T>;
  meta: Record<string, never>;
}
export interface ApiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}
export interface HealthResponse {
  status: 'ok';
  database: 'sqlite' | 'postgres';
  time: string;
  /** This process's facet index, once built (docs/decisions/0011-incremental-facet-index.md). */
  facets?: {
    builds: number;
    changes: number;
    shown: number;
    mb: number;
    buildMs: number;
  };
}

/**
 * `GET /api/wallet` `data`, in dollars (spec 000 §3, §4). Credits count once verified, except the
 * pending credit of a package purchase, which offsets its own debit until an admin checks it; debits
 * count unless rejected. `pending` shows apart what still waits for a check: credits that do not count
 * yet (tips), debits of unchecked purchases (already counted), and how many rows wait.
 */
export interface WalletTotals {
  totalCredit: number;
  totalDebit: number;
  totalCreditPackage: number;
  /** totalCredit minus totalCreditPackage. */
  totalIncome: number;
  /** totalCredit minus totalDebit, floored at 0. */
  totalWalletBalance: number;
  pending: { totalCredit: number; totalDebit: number; count: number };
  /** Income (credits but package purchases) and expenses (debits) per month, the last 12, oldest first. */
  months: { month: string; income: number; expenses: number }[];
}
