import { z } from 'zod';
import { REVIEW_REASON_MAX } from '../directory/ads.ts';
import { ZIdText } from '../ids.ts';
import { ADMIN_PAGING, ZPagination } from '../paging.ts';
import type { RiskSignalKind } from './signals.ts';

/**
 * The admin console's moderation queue: pending ads and places with their risk signals,
 * the owner and the owner's other records. The decisions are the existing `PUT /api/providers/:id` and
 * `PUT /api/vendors/:id` with `{ review: 'approved' }` or `{ review: 'rejected', review_reason }`.
 */

/** What the queue holds: ads (`providers`) or places (`vendors`). */
export const MODERATION_TYPES = ['ad', 'place'] as const;
export type TModerationType = (typeof MODERATION_TYPES)[number];

/**
 * What the queue lists: new or re-submitted records (`new`), or the changes owners made to approved
 * records (`changes`), which wait as pending revisions while the approved version stays public.
 */
export const MODERATION_QUEUES = ['new', 'changes'] as const;
export type TModerationQueue = (typeof MODERATION_QUEUES)[number];

/** `GET /api/admin/moderation?type=ad|place&queue=new|changes&pagination[page]&pagination[pageSize]` (size 1-100). */
export const ZModerationQuery = z.object({
  type: z.enum(MODERATION_TYPES).default('ad'),
  queue: z.enum(MODERATION_QUEUES).default('new'),
  pagination: ZPagination(ADMIN_PAGING),
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
  /**
   * In the `changes` queue: the revision, field by field (the public value now and the proposed one); the
   * item's signals are then computed on the record as the revision would make it.
   */
  revision?: TRevisionDiff;
}

/** One field of a revision: as the public sees it now, and as the owner proposes it. */
export interface TRevisionChange {
  field: string;
  before: unknown;
  after: unknown;
  /** The files a media field's values name (an ad's photos and video, a place's picture and video). */
  files?: TRevisionFile[];
}

/** A file named in a revision's diff: its public URL (and a thumbnail's, when it has one) and type. */
export interface TRevisionFile {
  id: number;
  url: string | null;
  thumbnail: string | null;
  mime: string | null;
}

/** A revision as the moderator sees it. */
export interface TRevisionDiff {
  id: number;
  updatedAt: string;
  changes: TRevisionChange[];
}

/** A revision as its owner sees it (`GET /api/revisions`, and `pending_revision` on the owner's reads). */
export interface TOwnRevision {
  /** The ad's or place's id. */
  id: number;
  state: 'pending' | 'rejected';
  reason: string | null;
  /** The changed public fields as the owner sent them. */
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/revisions?type=ad|place`: the caller's revisions of ads or places. */
export const ZOwnRevisionsQuery = z.object({ type: z.enum(MODERATION_TYPES).default('ad') });
export type TOwnRevisionsQuery = z.infer<typeof ZOwnRevisionsQuery>;

/**
 * `PUT /api/admin/revisions/:id` `data`: the moderator's decision on a revision. `updatedAt` is the
 * revision's as the moderator saw it: a revision the owner changed since is a 409, so what is published is
 * what was reviewed.
 */
export const ZRevisionDecision = z
  .object({
    review: z.enum(['approved', 'rejected']),
    review_reason: z.string().trim().max(REVIEW_REASON_MAX).optional(),
    updatedAt: z.string().min(1).max(40),
  })
  .strict();
export type TRevisionDecision = z.infer<typeof ZRevisionDecision>;
