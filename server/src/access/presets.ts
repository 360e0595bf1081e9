import { MESSAGES, type UserType } from '@app/domain';
import type { Access } from '../http/auth.ts';

/**
 * Route presets: who may call a route, declared once. Each sets the route's `config.access` (checked
 * before anything else runs, see http/auth.ts) and, for routes that need a token, the OpenAPI
 * security requirement. A route spreads one into its options with `withAccess(preset, options)`.
 */
export interface RoutePreset {
  config: { access: Access; ignoreBadToken?: true };
  schema?: { security: { bearer: [] }[] };
}

const bearer = { security: [{ bearer: [] as [] }] };
const needsToken = (access: Access): RoutePreset => ({ config: { access }, schema: bearer });

/** Anyone, with or without a token (a bad token is a 401). */
export const anyone: RoutePreset = { config: { access: 'public' } };
/** Anyone; a stale or bad token counts as none (forms that must always work: login, contact, report). */
export const anyoneEvenWithStaleToken: RoutePreset = { config: { access: 'public', ignoreBadToken: true } };
/** Any signed-in account. */
export const signedIn = needsToken('authenticated');
/**
 * Any signed-in account at the route; the service's `requireAccess` then lets the record's owner (or
 * author) and the admin through (404 for a record the caller may not see, 403 for one they may not
 * change). For routes that change or delete a record by id.
 */
export const ownerOrAdmin = signedIn;
/** The admin only. */
export const adminOnly = needsToken('admin');
/** Accounts of these types, and the admin. */
export const accountTypes = (...userTypes: UserType[]) => needsToken({ userTypes });
/** Accounts of these types, and the admin; the other accounts are refused with `refused`. */
export const accountTypesWith = (refused: string, ...userTypes: UserType[]) =>
  needsToken({ userTypes, refused });
/** Accounts of these types only (not the admin either); the others are refused with `refused`. */
export const accountTypesOnlyWith = (refused: string, ...userTypes: UserType[]) =>
  needsToken({ userTypes, refused, adminRefused: refused });
/** The admin only; everyone else is refused with `refused` (a rule people should understand). */
export const adminOnlyWith = (refused: string) => needsToken({ userTypes: [], refused });
/** Accounts of these types only: the admin is refused with `adminRefused` (rules the admin does not bypass). */
export const accountTypesOnly = (adminRefused: string, ...userTypes: UserType[]) =>
  needsToken({ userTypes, adminRefused });
/**
 * Hobbyist accounts only: reacting, commenting, messaging, mailing and tipping are a hobbyist's own
 * voice, so the admin is refused too (moderation is by PUT and DELETE). One check, at the route.
 */
export const hobbyistOnly = accountTypesOnly(MESSAGES.providerRefErrors.hobbyistsOnly, 'Hobbyist');
/** Who buys in the store: hobbyists, sellers and providers (spec 000 §2's checkout table), and the admin. */
export const buyers = accountTypes('Hobbyist', 'Vender', 'Provider');

type RouteOptions = { config?: object; schema?: object } & Record<string, unknown>;

/** A route's options with the preset's access (and security) merged into its own config and schema. */
export function withAccess<O extends RouteOptions>(preset: RoutePreset, options?: O) {
  return {
    ...options,
    config: { ...options?.config, ...preset.config },
    ...(preset.schema || options?.schema ? { schema: { ...preset.schema, ...options?.schema } } : {}),
  } as O & RoutePreset;
}
