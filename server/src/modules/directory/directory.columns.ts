import { SERVER_SET_AD_FIELDS, toCents, type TProviderUpdate, type TProviderWrite } from '@app/domain';
import { comparablePhone } from '@app/domain/trust';
import type { Updateable } from 'kysely';
import type { ProvidersTable } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';

/** An ad's fields as its columns: money in cents, lists comma-joined, flags 0/1, relations by id. */

const cents = (dollars: number | null) => (dollars === null ? null : toCents(dollars));
const joined = (list: readonly string[]) => (list.length ? list.join(',') : null);
const flag = (b: boolean) => (b ? 1 : 0);

/** The ad's columns for the fields given (undefined ones are left out). */
export function toColumns(input: TProviderUpdate): Updateable<ProvidersTable> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // Files are linked apart; the review's columns come from `reviewColumns` (the admin's decision).
    switch (key) {
      case 'images':
      case 'docs':
      case 'isShowed':
      case 'review':
      case 'review_reason':
        break;
      case 'language':
      case 'race':
        out[`${key}_id`] = value;
        break;
      case 'video':
        out.video_id = value;
        break;
      case 'phone':
        // With the digits the shared-phone risk signal looks up, through their index.
        out.phone = value;
        out.phone_digits = comparablePhone(value as string | null);
        break;
      case 'services_provided_approval':
      case 'ad_bonus_side_panel_ad':
        out[key] = flag(value as boolean);
        break;
      case 'donation_half_hour':
      case 'donation_hour':
        out[key] = cents(value as number | null);
        break;
      default:
        out[key] = Array.isArray(value) ? joined(value as string[]) : value;
    }
  }
  return out as Updateable<ProvidersTable>;
}

/** What a new ad gets for the server-set fields when the caller is not the admin: it waits for review. */
export const SERVER_SET_AD_DEFAULTS = {
  ad_bonus_side_panel_ad: false,
  duration_ad: 2,
  duration_ad_unit: 'Days',
  isShowed: false,
  review: 'pending',
  review_reason: null,
} as const satisfies Pick<TProviderWrite, (typeof SERVER_SET_AD_FIELDS)[number]>;

/** The input without the server-set fields, unless the admin sent it. */
export function withoutServerSetFields<T extends TProviderUpdate>(actor: Actor, input: T): T {
  if (isAdmin(actor)) return input;
  const out = { ...input };
  for (const key of SERVER_SET_AD_FIELDS) delete out[key];
  return out;
}
