import { z } from 'zod';
import { ADMIN_SETTINGS_LIMITS as L } from '../admin/settings-limits.ts';
import { MESSAGES } from '../messages.ts';

/** The networks the footer can link to, in the footer's order. */
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'instagram'] as const;
export type TSocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/**
 * Whether `text` is an address the footer may link to: a whole `https://` URL with a host, no user name
 * or password in it, at most `socialUrlMax` characters. Anything else (another scheme, `javascript:`,
 * a bare name) is not.
 */
export function isSocialUrl(text: string): boolean {
  if (text.length > L.socialUrlMax || /\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/**
 * A social link as the admin's settings take it: trimmed; empty (no link for that network) or an
 * address `isSocialUrl` accepts.
 */
export const ZSocialUrl = z
  .string({ error: MESSAGES.adminSettings.socialUrlInvalid })
  .trim()
  .max(L.socialUrlMax, MESSAGES.adminSettings.socialUrlTooLong)
  // One message for a long one: the length says what is wrong.
  .refine(
    (v) => v === '' || v.length > L.socialUrlMax || isSocialUrl(v),
    MESSAGES.adminSettings.socialUrlInvalid,
  );

/** One link of the footer: its network and address. */
export interface TSocialLink {
  network: TSocialNetwork;
  url: string;
}

/** `GET /api/public-settings` `data`: what every page shows of the operator's settings. */
export interface TPublicSettings {
  /** The networks whose address is set, in the footer's order; none set, none listed. */
  social_links: TSocialLink[];
}
