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
}

/**
 * `GET /api/wallet` `data`, in dollars (spec 000 §3, §4): the totals count `verified` ledger rows only;
 * `pending` holds the rows still waiting for an admin to check their payment, shown apart.
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
}
