import { z } from 'zod';

/**
 * One error class with a code; the error handler maps it to a status and Strapi's body
 * `{ data: null, error: { status, name, message, details } }`.
 */
export type ErrorCode =
  | 'ValidationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'PayloadTooLargeError'
  | 'UnsupportedMediaTypeError'
  | 'RateLimitError'
  | 'ServiceUnavailableError';

const STATUS: Record<ErrorCode, number> = {
  ValidationError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  PayloadTooLargeError: 413,
  UnsupportedMediaTypeError: 415,
  RateLimitError: 429,
  ServiceUnavailableError: 503,
};

export interface ErrorDetailItem {
  path: (string | number)[];
  message: string;
  name?: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { errors?: ErrorDetailItem[] } & Record<string, unknown> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const badRequest = (message: string, details?: AppError['details']) =>
  new AppError('ValidationError', message, details);
export const unauthorized = (message = 'Missing or invalid credentials') =>
  new AppError('UnauthorizedError', message);
export const forbidden = (message = 'Forbidden') => new AppError('ForbiddenError', message);
export const notFound = (message = 'Not Found') => new AppError('NotFoundError', message);

/** Where a field is: `'data.title'`, or its parts (`['data', 'images', 0]`). */
export type FieldPath = string | readonly (string | number)[];
const partsOf = (path: FieldPath) => (typeof path === 'string' ? path.split('.') : [...path]);

/**
 * The 400 for bad input at one field, in Strapi's shape: `details.errors` lists the path with the
 * message. `title` is the error's own message (default: the message itself); `plain` leaves out the
 * detail's `name` (the upload plugin's shape); `code` another status than 400 (a 429 at a field).
 */
export function fieldError(
  path: FieldPath,
  message: string,
  opts: { title?: string; plain?: boolean; code?: ErrorCode } = {},
): AppError {
  return fieldErrors([path], message, opts);
}

/** A 400 at `data.<field>` whose message names the field (the answer of the ad and place writes). */
export function dataFieldError(field: string, message: string): AppError {
  return fieldError(['data', field], message, { title: `data.${field}: ${message}` });
}

/** The same 400 at several fields at once (say, e-mail and username both taken). */
export function fieldErrors(
  paths: readonly FieldPath[],
  message: string,
  opts: { title?: string; plain?: boolean; code?: ErrorCode } = {},
): AppError {
  const errors: ErrorDetailItem[] = paths.map((p) =>
    opts.plain ? { path: partsOf(p), message } : { path: partsOf(p), message, name: 'ValidationError' },
  );
  return new AppError(opts.code ?? 'ValidationError', opts.title ?? message, { errors });
}

/**
 * The 400 of a failed schema, the one shape for the route schemas (the error handler) and for bodies
 * parsed in a service (`parseData`): every failing field in `details.errors`, the message naming the
 * first (`<path>: <message>`, or `<context>: <message>` for the whole body), unless the schema gave its
 * issue a whole message of its own (`title`).
 */
export function validationFailed(errors: ErrorDetailItem[], context: string, title?: string): AppError {
  const first = errors[0];
  const message = title ?? (first ? `${first.path.join('.') || context}: ${first.message}` : 'Invalid input');
  return new AppError('ValidationError', message, { errors });
}

/**
 * Parses `{ data }` with a domain schema outside Fastify's validation (a route that takes JSON or
 * multipart declares no body): the same 400 as a failed route schema, naming the fields.
 */
export function parseData<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = z.object({ data: schema }).safeParse(body);
  if (parsed.success) return parsed.data.data;
  throw validationFailed(
    parsed.error.issues.map((issue) => ({
      path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
      message: issue.message,
      name: 'ValidationError',
    })),
    'body',
  );
}

export interface StrapiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}

export function errorBody(
  status: number,
  name: string,
  message: string,
  details: unknown = {},
): StrapiErrorBody {
  return { data: null, error: { status, name, message, details } };
}
