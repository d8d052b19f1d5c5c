// Placing and cancelling spot orders (issue 16). Validation (tick, lot, minimum notional, balance), the
// reservation of USDT (limit buy: qty × price rounded up) or coins (limit sell), and the immediate part of
// matching against the simulated book (taker fills): market orders walk the levels (partial fills; a remainder
// the book cannot fill is cancelled), limit orders take what the book offers at the limit or better and then
// rest (GTC), are cut (IOC), or were refused before anything happened when they would take (POST_ONLY).
// One transaction per call, the account locked first (ledger/locks.ts), READ COMMITTED on PostgreSQL, like
// stock orders (trading/place-order.ts): parallel orders of one account run one after the other, so they never
// spend the same balance twice, and an (account, clientOrderId) pair has one effect.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { parseMinor } from '../../../contract/money.ts';
import {
  isRuleError,
  meetsMinNotional,
  minNotionalError,
  parsePrice,
  parseQty,
  rawBudget,
  rawToUsdt,
  USDT,
  USDT_DECIMALS,
  type SpotRuleError,
} from '../../../contract/spot-rules.ts';
import type { OrderSide, OrderType } from '../../../workers/protocol/trade.ts';
import { moneyOf } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { freezeRecord, LedgerError, postRecords } from '../ledger/post.ts';
import type { TradeMarket } from '../trading/market-port.ts';
import { applySpotFill, endSpotOrder, type SpotPair } from './spot-fills.ts';
import {
  insertSpotOrder,
  isOpen,
  saveSpotOrder,
  spotOrderByClientId,
  spotOrderById,
  type SpotOrderRow,
  type SpotTif,
} from './spot-orders-repo.ts';
import { spotPair, type SpotConfig } from './spot-pairs.ts';
import { spotLevels, walkSpot, wouldTake, type SpotLevel } from './spot-walk.ts';

export interface SpotPlaceInput {
  accountId: number;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  tif: SpotTif | undefined;
  price: string | undefined;
  qty: string | undefined;
  quoteQty: string | undefined;
  clientOrderId: string;
  now: number;
}

interface Checked {
  pair: SpotPair;
  tif: SpotTif;
  price: bigint;
  qty: bigint;
  quoteQty: bigint;
}

function must<T>(v: T | SpotRuleError): T {
  if (isRuleError(v)) throw new AppError(v.key, 'params' in v ? v.params : {});
  return v;
}

/** The rules a request can be checked against without the database (the pair, units, notional, TIF). */
export function checkSpot(
  market: Pick<TradeMarket, 'instrument'>,
  cfg: SpotConfig,
  i: SpotPlaceInput,
): Checked {
  const pair = spotPair(market, i.symbol);
  if (i.type === 'market') {
    if (i.tif === 'POST_ONLY') throw new AppError('spot.postOnlyLimit');
    if (i.price) throw new AppError('spot.marketNoPrice');
    if (i.side === 'buy' && i.quoteQty) {
      if (i.qty) throw new AppError('spot.qtyOrQuote');
      const quoteQty = parseMinor(i.quoteQty, USDT_DECIMALS);
      if (quoteQty === null || quoteQty === 0n) throw new AppError('spot.quoteQtyRequired');
      if (quoteQty < cfg.minNotional)
        throw new AppError(minNotionalError(cfg.minNotional).key, minParams(cfg));
      return { pair, tif: 'IOC', price: 0n, qty: 0n, quoteQty };
    }
    if (i.quoteQty) throw new AppError('spot.quoteQtyBuyOnly');
    return { pair, tif: 'IOC', price: 0n, qty: must(parseQty(i.qty, pair)), quoteQty: 0n };
  }
  if (i.quoteQty) throw new AppError('spot.quoteQtyBuyOnly');
  const price = must(parsePrice(i.price, pair));
  const qty = must(parseQty(i.qty, pair));
  if (!meetsMinNotional(qty * price, cfg.minNotional, pair))
    throw new AppError('spot.minNotional', minParams(cfg));
  return { pair, tif: i.tif ?? 'GTC', price, qty, quoteQty: 0n };
}

function minParams(cfg: SpotConfig): Record<string, string> {
  const e = minNotionalError(cfg.minNotional);
  return 'params' in e ? e.params : {};
}

function bookSide(market: TradeMarket, pair: SpotPair, side: OrderSide): SpotLevel[] {
  const book = market.book(pair.symbol, 50);
  return book ? spotLevels(side === 'buy' ? book.a : book.b, pair) : [];
}

/** Whether a retry with a used clientOrderId asks for the very order it placed (exact units). */
export function sameSpotOrder(o: SpotOrderRow, c: Checked, i: SpotPlaceInput): boolean {
  return (
    o.symbol === c.pair.symbol &&
    o.side === i.side &&
    o.type === i.type &&
    o.tif === c.tif &&
    o.price === c.price &&
    o.qty === c.qty &&
    o.quoteQty === c.quoteQty
  );
}

async function placeChecked(
  tx: Db,
  market: TradeMarket,
  cfg: SpotConfig,
  i: SpotPlaceInput,
  c: Checked,
): Promise<SpotOrderRow> {
  const { pair } = c;
  const levels = bookSide(market, pair, i.side);
  const usdt = await moneyOf(tx, i.accountId, USDT);
  const coin = await moneyOf(tx, i.accountId, pair.base);
  const base = {
    accountId: i.accountId,
    clientOrderId: i.clientOrderId,
    symbol: pair.symbol,
    side: i.side,
    type: i.type,
    tif: c.tif,
    price: c.price,
    qty: c.qty,
    quoteQty: c.quoteQty,
    now: i.now,
  };
  if (i.side === 'sell' && c.qty > coin.available) throw new AppError('spot.insufficient');
  if (i.type === 'market') {
    const fills = walkSpot(
      i.side,
      levels,
      c.quoteQty > 0n ? { raw: rawBudget(c.quoteQty, pair) } : { qty: c.qty },
    );
    const raw = fills.reduce((s, f) => s + f.qty * f.price, 0n);
    if (raw === 0n) throw new AppError('spot.noLiquidity');
    if (c.quoteQty === 0n && !meetsMinNotional(raw, cfg.minNotional, pair))
      throw new AppError('spot.minNotional', minParams(cfg));
    if (i.side === 'buy' && rawToUsdt(raw, pair, 'ceil') > usdt.available)
      throw new AppError('spot.insufficient');
    const order = await insertSpotOrder(tx, base);
    for (const f of fills)
      await applySpotFill(tx, order, pair, { ...f, maker: false, fromFrozen: false, now: i.now }, cfg);
    if (c.quoteQty > 0n) {
      // A budget order is done once the budget (or the book) is spent: what is left is too small for a lot.
      order.status = 'filled';
      await saveSpotOrder(tx, order);
    } else if (order.filledQty < order.qty) {
      await endSpotOrder(tx, order, pair, i.now, 'spot.depthExhausted');
    }
    return order;
  }
  if (c.tif === 'POST_ONLY' && wouldTake(i.side, levels, c.price))
    throw new AppError('spot.postOnlyWouldTake');
  const reserve = i.side === 'buy' ? rawToUsdt(c.qty * c.price, pair, 'ceil') : c.qty;
  if (i.side === 'buy' && reserve > usdt.available) throw new AppError('spot.insufficient');
  const order = await insertSpotOrder(tx, base);
  await postRecords(tx, [
    freezeRecord({
      kind: 'spot_freeze',
      ref: `order:${order.id}`,
      accountId: i.accountId,
      symbol: pair.symbol,
      now: i.now,
      asset: i.side === 'buy' ? USDT : pair.base,
      amount: reserve,
    }),
  ]);
  order.frozen = reserve;
  await saveSpotOrder(tx, order);
  if (c.tif !== 'POST_ONLY') {
    for (const f of walkSpot(i.side, levels, { qty: c.qty }, c.price))
      await applySpotFill(tx, order, pair, { ...f, maker: false, fromFrozen: true, now: i.now }, cfg);
  }
  if (c.tif === 'IOC' && isOpen(order)) await endSpotOrder(tx, order, pair, i.now, 'spot.iocCancelled');
  return order;
}

export interface SpotPlaceResult {
  order: SpotOrderRow;
  created: boolean;
}

/** Validates and places an order; a repeated clientOrderId returns the first order unchanged. */
export async function placeSpotOrder(
  db: Db,
  market: TradeMarket,
  cfg: SpotConfig,
  i: SpotPlaceInput,
): Promise<SpotPlaceResult> {
  const c = checkSpot(market, cfg, i);
  return inTx(
    db,
    async (tx): Promise<SpotPlaceResult> => {
      await lockAccounts(tx, [i.accountId]);
      const existing = await spotOrderByClientId(tx, i.accountId, i.clientOrderId);
      if (existing) {
        if (!sameSpotOrder(existing, c, i)) throw new AppError('spot.clientOrderIdUsed');
        return { order: existing, created: false };
      }
      try {
        return { order: await placeChecked(tx, market, cfg, i, c), created: true };
      } catch (err) {
        // The ledger's own overdraft check is the last line of defence: a race it catches reads as a refusal.
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('spot.insufficient');
        throw err;
      }
    },
    { isolation: 'read committed' },
  );
}

/** Cancels an open order of the account, releasing exactly what it still holds. */
export async function cancelSpotOrder(
  db: Db,
  market: Pick<TradeMarket, 'instrument'>,
  accountId: number,
  orderId: number,
  now: number,
): Promise<SpotOrderRow> {
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [accountId]);
      const order = await spotOrderById(tx, orderId);
      if (!order || order.accountId !== accountId) throw new AppError('spot.orderNotFound');
      if (!isOpen(order)) throw new AppError('spot.orderNotOpen');
      return endSpotOrder(tx, order, spotPair(market, order.symbol), now, null);
    },
    { isolation: 'read committed' },
  );
}
