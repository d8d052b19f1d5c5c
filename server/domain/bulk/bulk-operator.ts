// The operators' block work (finance or admin, console: server/routes/console/bulk-routes.ts): create a block,
// close it early, list its buyers. Each change writes one operator_audit row in the transaction of the change.
// The block price is fixed at creation (contract/bulk.ts): a discount against the stock's last close now, or
// a fixed price. Refusals are BulkOperatorError with a reason the route localises (errors.json bulk.console.*).
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { parseMinor } from '../../../contract/money.ts';
import type { BulkBuyer, BulkCreateBody } from '../../../contract/bulk.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import type { TradeMarket } from '../trading/market-port.ts';
import { paisa } from '../trading/orders-repo.ts';
import { discountedPrice } from './bulk-math.ts';
import { findBlock, type BlockRow } from './bulk-repo.ts';

export type BulkOperatorRefusal =
  | 'unknownSymbol'
  | 'unpriced'
  | 'badLot'
  | 'badPrice'
  | 'badDiscount'
  | 'badWindow'
  | 'badLock'
  | 'unknownBlock'
  | 'alreadyClosed';

export class BulkOperatorError extends Error {
  constructor(readonly reason: BulkOperatorRefusal) {
    super(reason);
  }
}

const HOUR_MS = 3_600_000;

/** The stock's last close (the ticker's previous close; its last price when it has none), paisa; 0: unpriced. */
export function lastClose(market: Pick<TradeMarket, 'ticker'>, symbol: string): bigint {
  const t = market.ticker(symbol);
  const pc = t?.pc ? parseMinor(t.pc, 2) : null;
  if (pc !== null && pc > 0n) return pc;
  return (t?.p ? parseMinor(t.p, 2) : null) ?? 0n;
}

export async function createBlock(
  db: Db,
  market: Pick<TradeMarket, 'ticker' | 'instrument'>,
  actor: Actor,
  input: BulkCreateBody,
  now: number,
): Promise<BlockRow> {
  const symbol = input.symbol.trim().toUpperCase();
  if (!market.instrument(symbol)) throw new BulkOperatorError('unknownSymbol');
  const refClose = lastClose(market, symbol);
  if (refClose <= 0n) throw new BulkOperatorError('unpriced');
  const shares = Number(input.shares);
  const lot = Number(input.lot);
  if (lot > shares || shares % lot !== 0) throw new BulkOperatorError('badLot');
  const fixed = input.price?.trim() ?? '';
  const disc = input.discountPct?.trim() ?? '';
  let price: bigint;
  let mode: 'discount' | 'fixed';
  let bps = 0n;
  if (fixed !== '') {
    if (disc !== '') throw new BulkOperatorError('badPrice');
    const p = parseMinor(fixed, 2);
    if (p === null || p <= 0n) throw new BulkOperatorError('badPrice');
    price = p;
    mode = 'fixed';
  } else {
    const d = parseMinor(disc, 2);
    if (d === null || d < 0n || d >= 10_000n) throw new BulkOperatorError('badDiscount');
    bps = d;
    price = discountedPrice(refClose, d);
    if (price <= 0n) throw new BulkOperatorError('badDiscount');
    mode = 'discount';
  }
  const opensAt = input.opensAt ? Number(input.opensAt) : now;
  const closesAt = opensAt + Number(input.hours) * HOUR_MS;
  if (!Number.isSafeInteger(opensAt) || closesAt <= now) throw new BulkOperatorError('badWindow');
  const lockDays = Number(input.lockDays);
  if (lockDays < 1 || lockDays > 365) throw new BulkOperatorError('badLock');
  return inTx(db, async (tx) => {
    const row = await tx
      .insertInto('bulk_blocks')
      .values({
        symbol,
        shares,
        lot,
        price_mode: mode,
        discount_bps: Number(bps),
        ref_close: refClose,
        price,
        opens_at: opensAt,
        closes_at: closesAt,
        lock_days: lockDays,
        note: input.note?.trim() ?? '',
        created_by: actor.operatorId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor,
      action: 'bulk.create',
      subjectType: 'bulk_block',
      subjectId: row.id,
      before: null,
      after: row,
      now,
    });
    return row;
  });
}

/** Ends a block's window now (what is unsold stays unsold; nothing bought is undone). */
export async function closeBlock(db: Db, actor: Actor, id: number, now: number): Promise<BlockRow> {
  return inTx(db, async (tx) => {
    const before = await findBlock(tx, id);
    if (!before) throw new BulkOperatorError('unknownBlock');
    const after = await tx
      .updateTable('bulk_blocks')
      .set({ phase: 'closed', closed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('phase', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!after) throw new BulkOperatorError('alreadyClosed');
    await recordAudit(tx, {
      actor,
      action: 'bulk.close',
      subjectType: 'bulk_block',
      subjectId: id,
      before,
      after,
      now,
    });
    return after;
  });
}

/** Who bought the block, oldest first. */
export async function buyersOf(db: Db, blockId: number): Promise<BulkBuyer[]> {
  const rows = await db
    .selectFrom('bulk_orders as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select(['o.id', 'o.user_id', 'a.type', 'o.shares', 'o.amount', 'o.unlock_at', 'o.created_at'])
    .where('o.block_id', '=', blockId)
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    orderId: r.id,
    userId: r.user_id,
    accountType: r.type,
    qty: r.shares,
    amount: paisa(r.amount),
    unlockAt: r.unlock_at,
    createdAt: r.created_at,
  }));
}
