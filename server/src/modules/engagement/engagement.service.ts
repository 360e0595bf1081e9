import {
  formatMoney,
  MESSAGES,
  toCents,
  type TCommentRequest,
  type TCommentUpdate,
  type TMailRequest,
  type TMessageRequest,
  type TMessageUpdate,
  type TTipRequest,
  type TTipReview,
  type TTransactionRequest,
  type WalletTotals,
} from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef, ScopeFn } from '../../http/strapi/resource.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  authorOrRecipientScope,
  commentScope,
  reactionScope,
  requireAuthorOrAdmin,
  requireHobbyist,
  requireShownProvider,
  transactionScope,
} from './engagement.access.ts';
import {
  bumpCounter,
  COUNTER_OF,
  deleteCommentById,
  deleteMessageById,
  deleteReactionById,
  findCommentById,
  findMessageById,
  findReaction,
  findReactionById,
  findReactionCounts,
  findUserContact,
  insertComment,
  insertMessage,
  insertReactionIfNone,
  insertTip,
  insertTransaction,
  setTipPaymentStatus,
  sumWallet,
  updateCommentText,
  updateMessageText,
  userExists,
  type ReactionCounts,
} from './engagement.queries.ts';
import {
  commentResource,
  messageResource,
  REACTION_RESOURCES,
  tipResource,
  transactionResource,
  type ReactionKind,
} from './engagement.resources.ts';
import { readPaymentAddress, readTipMaxAmount } from './engagement.settings.ts';

type ItemQuery = Pick<ParsedQuery, 'populate' | 'fields'>;
const plain: ItemQuery = { populate: {}, fields: undefined };

/** One item within the caller's scope, or a 404. */
async function getScoped(
  db: Kysely<DB>,
  def: ResourceDef,
  id: number,
  scope: ScopeFn,
  q: ItemQuery = plain,
): Promise<Item> {
  const item = await findOne(db, def, id, q, { scope });
  if (!item) throw notFound();
  return item;
}

/** A freshly written row, read back without a caller scope (the writer has just been checked). */
async function getWritten(db: Kysely<DB>, def: ResourceDef, id: number): Promise<Item> {
  const item = await findOne(db, def, id, plain, { scope: null });
  if (!item) throw notFound();
  return item;
}

// ---------------------------------------------------------------------------------------------
// Reactions: like, dislike, average

export interface ReactionResult {
  data: Item;
  meta: { counts: ReactionCounts };
}

export function listReactions(db: Kysely<DB>, actor: Actor | null, kind: ReactionKind, q: ParsedQuery) {
  return findMany(db, REACTION_RESOURCES[kind], q, { scope: reactionScope(kind, actor) });
}

export function getReaction(
  db: Kysely<DB>,
  actor: Actor | null,
  kind: ReactionKind,
  id: number,
  q: ItemQuery,
): Promise<Item> {
  return getScoped(db, REACTION_RESOURCES[kind], id, reactionScope(kind, actor), q);
}

const MAX_REACTION_ATTEMPTS = 5;

/**
 * Gives the hobbyist's reaction `kind` to a shown provider. In one transaction: the caller's other
 * reaction on it goes (its counter down), the new one comes (its counter up). Holding `kind`
 * already changes nothing. The unique key (user, provider) settles parallel requests: a losing
 * insert does nothing and the attempt starts again from what the winner left.
 */
export async function createReaction(
  db: Kysely<DB>,
  caller: Actor | null,
  kind: ReactionKind,
  providerId: number,
): Promise<ReactionResult> {
  const actor = requireHobbyist(caller);
  await requireShownProvider(db, providerId);
  for (let attempt = 0; attempt < MAX_REACTION_ATTEMPTS; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      const held = await findReaction(trx, actor.id, providerId);
      let id: number | undefined;
      if (held?.kind === kind) {
        id = held.id;
      } else {
        if (held && (await deleteReactionById(trx, held.id))) {
          await bumpCounter(trx, providerId, COUNTER_OF[held.kind], -1);
        }
        id = await insertReactionIfNone(trx, { user_id: actor.id, provider_id: providerId, kind });
        if (id !== undefined) await bumpCounter(trx, providerId, COUNTER_OF[kind], 1);
      }
      // Read back in the transaction: a parallel request may replace the reaction once this commits.
      const item =
        id === undefined
          ? undefined
          : await findOne(trx, REACTION_RESOURCES[kind], id, plain, { scope: null });
      return item && { data: item, meta: { counts: await findReactionCounts(trx, providerId) } };
    });
    if (result) return result;
  }
  throw new AppError('ConflictError', 'The reaction changed meanwhile, please try again');
}

/**
 * `PUT /api/<reactions>/:id`: a reaction has nothing to edit (switching kind is a POST to the
 * other path), so this checks access and answers the item and the counters unchanged.
 */
export async function updateReaction(
  db: Kysely<DB>,
  actor: Actor,
  kind: ReactionKind,
  id: number,
): Promise<ReactionResult> {
  const item = await getScoped(db, REACTION_RESOURCES[kind], id, reactionScope(kind, actor));
  const row = (await findReactionById(db, id))!;
  requireAuthorOrAdmin(actor, row);
  return { data: item, meta: { counts: await findReactionCounts(db, row.provider_id) } };
}

/** Removes a reaction (its owner or the admin) and lowers its counter; answers it as it was. */
export async function deleteReaction(
  db: Kysely<DB>,
  actor: Actor,
  kind: ReactionKind,
  id: number,
): Promise<ReactionResult> {
  const item = await getScoped(db, REACTION_RESOURCES[kind], id, reactionScope(kind, actor));
  const row = await findReactionById(db, id);
  if (!row) throw notFound();
  requireAuthorOrAdmin(actor, row);
  await db.transaction().execute(async (trx) => {
    if (await deleteReactionById(trx, id)) await bumpCounter(trx, row.provider_id, COUNTER_OF[row.kind], -1);
  });
  return { data: item, meta: { counts: await findReactionCounts(db, row.provider_id) } };
}

// ---------------------------------------------------------------------------------------------
// Comments

export function listComments(db: Kysely<DB>, actor: Actor | null, q: ParsedQuery) {
  return findMany(db, commentResource, q, { scope: commentScope(actor) });
}

export function getComment(db: Kysely<DB>, actor: Actor | null, id: number, q: ItemQuery): Promise<Item> {
  return getScoped(db, commentResource, id, commentScope(actor), q);
}

/** A hobbyist's comment on a shown provider; raises the provider's comment count. */
export async function createComment(db: Kysely<DB>, caller: Actor | null, input: TCommentRequest) {
  const actor = requireHobbyist(caller);
  await requireShownProvider(db, input.provider);
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertComment(trx, {
      user_id: actor.id,
      provider_id: input.provider,
      comment: input.comment,
    });
    await bumpCounter(trx, input.provider, 'comments_count', 1);
    return created;
  });
  return getWritten(db, commentResource, id);
}

async function requireOwnComment(db: Kysely<DB>, actor: Actor, id: number) {
  await getScoped(db, commentResource, id, commentScope(actor));
  const row = await findCommentById(db, id);
  if (!row) throw notFound();
  requireAuthorOrAdmin(actor, row);
  return row;
}

export async function updateComment(db: Kysely<DB>, actor: Actor, id: number, input: TCommentUpdate) {
  await requireOwnComment(db, actor, id);
  if (!(await updateCommentText(db, id, input.comment))) throw notFound();
  return getWritten(db, commentResource, id);
}

/** Deletes a comment (author or admin), lowering the provider's count; answers it as it was. */
export async function deleteComment(db: Kysely<DB>, actor: Actor, id: number) {
  const row = await requireOwnComment(db, actor, id);
  const item = await getWritten(db, commentResource, id);
  await db.transaction().execute(async (trx) => {
    if (await deleteCommentById(trx, id)) await bumpCounter(trx, row.provider_id, 'comments_count', -1);
  });
  return item;
}

// ---------------------------------------------------------------------------------------------
// Messages

export function listMessages(db: Kysely<DB>, actor: Actor, q: ParsedQuery) {
  return findMany(db, messageResource, q, { scope: authorOrRecipientScope(actor) });
}

export function getMessage(db: Kysely<DB>, actor: Actor, id: number, q: ItemQuery): Promise<Item> {
  return getScoped(db, messageResource, id, authorOrRecipientScope(actor), q);
}

export async function createMessage(db: Kysely<DB>, caller: Actor | null, input: TMessageRequest) {
  const actor = requireHobbyist(caller);
  await requireShownProvider(db, input.provider);
  const id = await insertMessage(db, { user_id: actor.id, provider_id: input.provider, text: input.text });
  return getWritten(db, messageResource, id);
}

async function requireOwnMessage(db: Kysely<DB>, actor: Actor, id: number) {
  await getScoped(db, messageResource, id, authorOrRecipientScope(actor));
  const row = await findMessageById(db, id);
  if (!row) throw notFound();
  requireAuthorOrAdmin(actor, row);
  return row;
}

export async function updateMessage(db: Kysely<DB>, actor: Actor, id: number, input: TMessageUpdate) {
  await requireOwnMessage(db, actor, id);
  if (!(await updateMessageText(db, id, input.text))) throw notFound();
  return getWritten(db, messageResource, id);
}

export async function deleteMessage(db: Kysely<DB>, actor: Actor, id: number) {
  await requireOwnMessage(db, actor, id);
  const item = await getWritten(db, messageResource, id);
  if (!(await deleteMessageById(db, id))) throw notFound();
  return item;
}

// ---------------------------------------------------------------------------------------------
// Mail relay

/** One line of a header: no line breaks, trimmed. */
const headerSafe = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * Relays a hobbyist's message by e-mail to the account that owns a shown provider. The provider's
 * address is looked up here and never answered; a reply goes straight to the hobbyist.
 */
export async function sendProviderMail(
  db: Kysely<DB>,
  mailer: Mailer,
  caller: Actor | null,
  providerId: number,
  input: TMailRequest,
): Promise<{ sent: true }> {
  const actor = requireHobbyist(caller);
  const provider = await requireShownProvider(db, providerId);
  const recipient = await findUserContact(db, provider.user_id);
  if (!recipient || !recipient.is_active) throw notFound(MESSAGES.engagementErrors.providerNotFound);
  const sender = await findUserContact(db, actor.id);
  if (!sender) throw notFound();
  const name = headerSafe(sender.first_name ?? '') || 'a member';
  const M = MESSAGES.mailRelay;
  await mailer.send({
    to: recipient.email,
    replyTo: sender.email,
    subject: `${M.subjectPrefix} ${name} ${M.subjectSuffix}`,
    text: [
      `${name} sent you a message about your ad #${provider.id} on ${MESSAGES.site.name}:`,
      '',
      input.message,
      '',
      `Reply to this e-mail to answer ${name} directly.`,
    ].join('\n'),
  });
  return { sent: true };
}

// ---------------------------------------------------------------------------------------------
// Payment info (the tip modal's QR code)

const qrCache = new Map<string, string>();

/**
 * The payment address and its QR code as a PNG data URL (made once per address), and the largest
 * tip the server takes (dollars).
 */
export async function getPaymentInfo(
  db: Kysely<DB>,
): Promise<{ address: string; qr: string; tip_max_amount: number }> {
  const address = await readPaymentAddress(db);
  const tip_max_amount = await readTipMaxAmount(db);
  let qr = qrCache.get(address);
  if (!qr) {
    // qrcode is loaded when a QR image is first drawn (docs/performance.md).
    const { default: QRCode } = await import('qrcode');
    qr = await QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
    if (qrCache.size > 20) qrCache.clear();
    qrCache.set(address, qr);
  }
  return { address, qr, tip_max_amount };
}

// ---------------------------------------------------------------------------------------------
// Tips and transactions

export function listTips(db: Kysely<DB>, actor: Actor, q: ParsedQuery) {
  return findMany(db, tipResource, q, { scope: authorOrRecipientScope(actor) });
}

export function getTip(db: Kysely<DB>, actor: Actor, id: number, q: ItemQuery): Promise<Item> {
  return getScoped(db, tipResource, id, authorOrRecipientScope(actor), q);
}

/**
 * Records a hobbyist's tip to a shown provider and, in the same transaction, the credit it makes
 * to the provider's account (the client never posts transactions). Both are `pending`: the
 * transaction ID is only what the hobbyist typed, so the credit counts in the provider's wallet once
 * an admin has checked the payment (`reviewTip`). The amount is capped by the `tip_max_amount` setting.
 */
export async function createTip(db: Kysely<DB>, caller: Actor | null, input: TTipRequest): Promise<Item> {
  const actor = requireHobbyist(caller);
  const cents = toCents(input.tip_amount);
  await requireTipWithinCap(db, cents);
  const provider = await requireShownProvider(db, input.provider);
  await requireUnusedTransactionId(db, input.transaction_id);
  const tipId = await db
    .transaction()
    .execute(async (trx) => {
      const id = await insertTip(trx, {
        user_id: actor.id,
        provider_id: provider.id,
        transaction_id: input.transaction_id,
        tip_amount: cents,
      });
      await insertTransaction(trx, {
        transaction_uid: input.transaction_id,
        transaction_amount: cents,
        user_id: provider.user_id,
        tip_id: id,
        order_type: 'tip',
        transaction_type: 'credit',
        payment_status: 'pending',
      });
      return id;
    })
    .catch(async (err: unknown) => {
      // Two tips with one transaction ID raced: the unique index refused the second.
      await requireUnusedTransactionId(db, input.transaction_id);
      throw err;
    });
  return getWritten(db, tipResource, tipId);
}

/** A tip above the operator's cap is a 400 naming `data.tip_amount`, with the cap in the message. */
async function requireTipWithinCap(db: Kysely<DB>, cents: number): Promise<void> {
  const max = await readTipMaxAmount(db);
  if (cents > toCents(max)) {
    const message = `${MESSAGES.tip.amountOverCap} ${formatMoney(max)}`;
    throw badRequest(message, {
      errors: [{ path: ['data', 'tip_amount'], message, name: 'ValidationError' }],
    });
  }
}

/**
 * `PUT /api/tips/:id` (the route lets only the admin through): the admin's decision on a tip's
 * payment, set on the tip and its ledger row in one transaction. `verified` makes the credit count
 * in the provider's wallet; `rejected` keeps it out for good (unless the admin verifies it later).
 */
export async function reviewTip(db: Kysely<DB>, id: number, input: TTipReview): Promise<Item> {
  if (!(await setTipPaymentStatus(db, id, input.payment_status))) throw notFound();
  return getWritten(db, tipResource, id);
}

/** A payment pays one tip: a transaction ID already quoted by a tip is a 400 naming the field. */
async function requireUnusedTransactionId(db: Kysely<DB>, transactionId: string): Promise<void> {
  const used = await db
    .selectFrom('tips')
    .select('id')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (used) {
    const message = MESSAGES.tip.transactionIdUsed;
    throw badRequest(message, {
      errors: [{ path: ['data', 'transaction_id'], message, name: 'ValidationError' }],
    });
  }
}

export function listTransactions(db: Kysely<DB>, actor: Actor, q: ParsedQuery) {
  return findMany(db, transactionResource, q, { scope: transactionScope(actor) });
}

export function getTransaction(db: Kysely<DB>, actor: Actor, id: number, q: ItemQuery): Promise<Item> {
  return getScoped(db, transactionResource, id, transactionScope(actor), q);
}

/** An admin's adjustment to an account's wallet (credit or debit). */
export async function createTransaction(db: Kysely<DB>, input: TTransactionRequest): Promise<Item> {
  if (!(await userExists(db, input.user))) {
    throw badRequest('data.user: no such account', {
      errors: [{ path: ['data', 'user'], message: 'No such account', name: 'ValidationError' }],
    });
  }
  const id = await insertTransaction(db, {
    transaction_uid: input.transaction_uid,
    transaction_amount: toCents(input.transaction_amount),
    user_id: input.user,
    tip_id: null,
    order_type: input.order_type,
    transaction_type: input.transaction_type,
    // The admin enters it: nothing to check.
    payment_status: 'verified',
  });
  return getWritten(db, transactionResource, id);
}

const dollars = (cents: number) => cents / 100;

/**
 * `GET /api/wallet`: the caller's wallet totals (spec 000 §4), computed on the server over the
 * caller's `verified` ledger rows (its own rows and those of tips to providers it owns). Pending
 * rows are summed apart; rejected rows never count.
 */
export async function getWallet(db: Kysely<DB>, actor: Actor): Promise<WalletTotals> {
  const sums = await sumWallet(db, actor.id);
  const total = (status: string, type: 'credit' | 'debit', packageOnly = false) =>
    sums
      .filter(
        (r) =>
          r.payment_status === status &&
          r.transaction_type === type &&
          (!packageOnly || r.order_type === 'package'),
      )
      .reduce((sum, r) => sum + r.cents, 0);
  const credit = total('verified', 'credit');
  const debit = total('verified', 'debit');
  const packageCredit = total('verified', 'credit', true);
  return {
    totalCredit: dollars(credit),
    totalDebit: dollars(debit),
    totalCreditPackage: dollars(packageCredit),
    totalIncome: dollars(credit - packageCredit),
    totalWalletBalance: dollars(Math.max(credit - debit, 0)),
    pending: {
      totalCredit: dollars(total('pending', 'credit')),
      totalDebit: dollars(total('pending', 'debit')),
      count: sums.filter((r) => r.payment_status === 'pending').reduce((n, r) => n + r.rows, 0),
    },
  };
}
