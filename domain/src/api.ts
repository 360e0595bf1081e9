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
