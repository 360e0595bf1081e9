import { z } from 'zod';
import { ZIdText } from '../ids.ts';
import type { RiskSignalKind } from './signals.ts';

/**
 * The admin console's moderation queue (issue 14, item 3): pending ads and places with their risk signals,
 * the owner and the owner's other records. The decisions are the existing `PUT /api/providers/:id` and
 * `PUT /api/vendors/:id` with `{ review: 'approved' }` or `{ review: 'rejected', review_reason }`.
 */

/** What the queue holds: ads (`providers`) or places (`vendors`). */
export const MODERATION_TYPES = ['ad', 'place'] as const;
export type TModerationType = (typeof MODERATION_TYPES)[number];

/** `GET /api/admin/moderation?type=ad|place&page&pageSize` (pageSize 1-100). */
export const ZModerationQuery = z.object({
  type: z.enum(MODERATION_TYPES).default('ad'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TModerationQuery = z.infer<typeof ZModerationQuery>;

/** `GET /api/admin/signals?type=ad|place&id=N`. */
export const ZSignalsQuery = z.object({
  type: z.enum(MODERATION_TYPES).default('ad'),
  id: ZIdText,
});
export type TSignalsQuery = z.infer<typeof ZSignalsQuery>;

/** One risk signal as answered. */
export interface TRiskSignalItem {
  kind: RiskSignalKind;
  weight: number;
  explanation: string;
}

/** `GET /api/admin/signals` → `{ data }`. */
export interface TRecordSignals {
  risk_score: number;
  signals: TRiskSignalItem[];
}

/** One record of the queue. `record` is the Strapi item the admin's `GET /api/providers/:id?populate=*` answers. */
export interface TModerationItem extends TRecordSignals {
  type: TModerationType;
  id: number;
  createdAt: string;
  updatedAt: string;
  owner: {
    id: number;
    username: string;
    email: string;
    verification: 'pending' | 'verified' | 'rejected' | null;
    is_active: boolean;
    createdAt: string;
  } | null;
  /** Up to 20 of the owner's other ads (for an ad) or places (for a place), newest first. */
  other_ads: { id: number; name: string; review: 'pending' | 'approved' | 'rejected' }[];
  record: { id: number; attributes: Record<string, unknown> } | null;
}
