import { MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB, OrderStatusText } from '../../db/schema.ts';

/** SQL of the sales list: the lines a seller sold, with the buyer's details once they may ship. */

const S = MESSAGES.orderStatus;

/** The order states in which the seller may see where to ship (never before it is paid). */
const SHIPPING_VISIBLE: OrderStatusText[] = [S.paid, S.shipped, S.delivered];

/**
 * One page of a seller's sold lines (all lines for the admin, `sellerId` null), newest first, with the
 * buyer's checkout details joined only when the order is paid, shipped or delivered and the line is
 * not cancelled: before that the columns are null in SQL, so nothing else can leak them.
 */
export async function findSales(db: Kysely<DB>, sellerId: number | null, offset: number, limit: number) {
  const base = db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .$if(sellerId !== null, (q) => q.where('l.seller_id', '=', sellerId!));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('order_details as d', (join) =>
        join
          .onRef('d.order_id', '=', 'o.id')
          .on('o.status', 'in', SHIPPING_VISIBLE)
          .on('l.status', '<>', S.cancelled),
      )
      .select([
        'l.id',
        'l.order_id',
        'l.created_at',
        'l.product_id',
        'l.product_name',
        'l.picture_id',
        'l.quantity',
        'l.price',
        'l.total',
        'l.status',
        'd.id as details_id',
        'd.first_name',
        'd.last_name',
        'd.email_address',
        'd.phone',
        'd.address',
        'd.town',
        'd.postcode',
        'd.country',
      ])
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
