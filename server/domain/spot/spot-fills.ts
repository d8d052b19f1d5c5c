// Applying a fill to a spot order, and ending one: the ledger journals (unfreeze, trade, fee) and the order's
// state. The spot account is the `cash` / `frozen` books in USDT and the coins (server/domain/crypto/README.md);
// the simulated exchange is the system account `spot_market` (it may go negative in any asset), fees go to
// `fee_spot` in the asset received. Journals: spot_freeze / spot_release order:N, spot_unfreeze / spot_buy /
// spot_sell / spot_fee fill:N (trade_journals tags them with the symbol; its order_id names stock orders only).
// Callers run these inside their own transaction (inTx) with the decision that caused them.
import type { Db } from '../../db/database.ts';
import { postRecords, unfreeze, unfreezeRecord, type RecordInput } from '../ledger/post.ts';
import { feeOn, fillUsdt, USDT, type PairUnits } from '../../../contract/spot-rules.ts';
import { saveSpotOrder, type SpotOrderRow } from './spot-orders-repo.ts';

export interface SpotPair extends PairUnits {
  symbol: string;
  base: string;
}

export interface SpotRates {
  makerPpm: bigint;
  takerPpm: bigint;
}

export interface SpotFillInput {
  qty: bigint;
  price: bigint;
  /** a resting order's fill (maker rate); false for anything that fills at once */
  maker: boolean;
  /** true when the order reserved USDT / coins at placement (limit orders); market orders spend directly */
  fromFrozen: boolean;
  now: number;
}

export const SPOT_MARKET = 'spot_market';
export const SPOT_FEES = 'fee_spot';

/**
 * Fills `qty` at `price` and saves the order (partial or filled). Mutates and returns `order`; when it throws
 * (the ledger refused), the object may be half-updated: re-read the order.
 */
export async function applySpotFill(
  db: Db,
  order: SpotOrderRow,
  pair: SpotPair,
  f: SpotFillInput,
  rates: SpotRates,
): Promise<SpotOrderRow> {
  const { accountId, side } = order;
  const prevRaw = order.filledRaw;
  const nextRaw = prevRaw + f.qty * f.price;
  const usdt = fillUsdt(prevRaw, nextRaw, pair, side);
  const ppm = f.maker ? rates.makerPpm : rates.takerPpm;
  const fee = feeOn(side === 'buy' ? f.qty : usdt, ppm);
  const { id: fillId } = await db
    .insertInto('spot_fills')
    .values({
      order_id: order.id,
      account_id: accountId,
      symbol: order.symbol,
      side,
      qty: f.qty,
      price: f.price,
      amount: usdt,
      fee,
      maker: f.maker ? 1 : 0,
      created_at: f.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = { accountId, symbol: order.symbol, now: f.now, ref: `fill:${fillId}` };
  const records: RecordInput[] = [];
  const received = side === 'buy' ? pair.base : USDT;
  if (side === 'buy') {
    if (f.fromFrozen)
      records.push(unfreezeRecord({ ...tag, kind: 'spot_unfreeze', asset: USDT, amount: usdt }));
    records.push({
      ...tag,
      kind: 'spot_buy',
      legs: [
        { accountId, book: 'cash', asset: USDT, amount: -usdt },
        { system: SPOT_MARKET, asset: USDT, amount: usdt },
        { system: SPOT_MARKET, asset: pair.base, amount: -f.qty },
        { accountId, book: 'cash', asset: pair.base, amount: f.qty },
      ],
    });
  } else {
    records.push({
      ...tag,
      kind: 'spot_sell',
      legs: [
        { accountId, book: f.fromFrozen ? 'frozen' : 'cash', asset: pair.base, amount: -f.qty },
        { system: SPOT_MARKET, asset: pair.base, amount: f.qty },
        { system: SPOT_MARKET, asset: USDT, amount: -usdt },
        { accountId, book: 'cash', asset: USDT, amount: usdt },
      ],
    });
  }
  if (fee > 0n) {
    records.push({
      ...tag,
      kind: 'spot_fee',
      legs: [
        { accountId, book: 'cash', asset: received, amount: -fee },
        { system: SPOT_FEES, asset: received, amount: fee },
      ],
    });
  }
  await postRecords(db, records);
  if (f.fromFrozen) order.frozen -= side === 'buy' ? usdt : f.qty;
  order.filledQty += f.qty;
  order.filledRaw = nextRaw;
  order.filledQuote += usdt;
  order.fee += fee;
  order.status = order.qty > 0n && order.filledQty === order.qty ? 'filled' : 'partial';
  order.updatedAt = f.now;
  if (order.status === 'filled') await releaseSpotOrder(db, order, pair, f.now);
  await saveSpotOrder(db, order);
  return order;
}

/** Gives back what the order still holds frozen (USDT for buys, the coin for sells). */
export async function releaseSpotOrder(
  db: Db,
  order: SpotOrderRow,
  pair: SpotPair,
  now: number,
): Promise<void> {
  if (order.frozen > 0n) {
    await unfreeze(db, {
      kind: 'spot_release',
      ref: `order:${order.id}`,
      accountId: order.accountId,
      symbol: order.symbol,
      now,
      asset: order.side === 'buy' ? USDT : pair.base,
      amount: order.frozen,
    });
    order.frozen = 0n;
  }
  order.updatedAt = now;
}

/** Ends an open order: its frozen remainder released, status `cancelled` with the reason (fills stay). */
export async function endSpotOrder(
  db: Db,
  order: SpotOrderRow,
  pair: SpotPair,
  now: number,
  reason: string | null,
): Promise<SpotOrderRow> {
  await releaseSpotOrder(db, order, pair, now);
  order.status = 'cancelled';
  order.reason = reason;
  await saveSpotOrder(db, order);
  return order;
}
