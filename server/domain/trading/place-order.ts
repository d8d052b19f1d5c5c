// Placing, previewing and cancelling stock orders: the spec's validation (§5, §8 messages), the reservation of
// cash or shares, and the immediate part of matching. Market orders fill at once against the simulated book
// (walking levels; when depth runs out the remainder is cancelled, never left resting) and reserve nothing;
// limit orders reserve cash (qty × limit + fees at that value) or shares, take whatever the book already
// offers at the limit or better while PSX is open, and rest for the matcher until they fill, are cancelled, or
// the next PSX close ends them (DAY orders, day-orders.ts). Every check and every posting of a call run in one
// transaction (inTx: BEGIN IMMEDIATE on SQLite; on PostgreSQL READ COMMITTED after locking the account's row,
// ledger/locks.ts, so the calls of one account run one after the other and each reads what the last one
// left), so parallel orders never spend the same balance twice; a (account, clientOrderId) pair has one effect.
// SERIALIZABLE is not needed: every decision here is about rows of the locked account (its orders, balances,
// shares), and a row another account's order could add (a fill, a journal) never changes one of them.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { OrderSide, OrderType } from '../../../workers/protocol/trade.ts';
import type { Instrument } from '../../../workers/protocol/market.ts';
import { AppError } from '../../errors.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { sumFills, toLevels, walkBook, type Fill, type Level } from './book-walk.ts';
import { calcFees, feeTotal, type FeeConfig, type Fees } from './fees.ts';
import { applyFill, cancelOrder } from './fills.ts';
import type { TradeMarket } from './market-port.ts';
import { insertOrder, orderById, saveOrder, type OrderRow } from './orders-repo.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { releaseDueLocks, type ReleasedLock } from './t-plus-one.ts';
import { cashOf, PKR, sharesOf, userAcct } from '../ledger/books.ts';
import { LedgerError, move, postRecord } from '../ledger/post.ts';

export interface Listed {
  ins: Instrument;
  lot: bigint;
  limitUp: bigint;
  limitDown: bigint;
}

/** A tradable PSX stock, or the 'unlisted' refusal (unknown symbols, indices, coins). */
export function listed(market: TradeMarket, symbol: string): Listed {
  const ins = market.instrument(symbol);
  const info = ins?.market === 'psx' ? market.info(symbol) : undefined;
  const lot = ins ? parseMinor(ins.lotSize, 0) : null;
  if (!ins || !info || !lot || ins.priceDecimals !== 2) throw new AppError('trade.unlisted');
  return {
    ins,
    lot,
    limitUp: parseMinor(info.limitUp, 2) ?? 0n,
    limitDown: parseMinor(info.limitDown, 2) ?? 0n,
  };
}

function bookSide(market: TradeMarket, symbol: string, side: OrderSide): Level[] {
  const book = market.book(symbol, 50);
  return book ? toLevels(side === 'buy' ? book.a : book.b) : [];
}

/** Cash a buy needs: value plus fees of that value. */
export function buyCost(amount: bigint, qty: bigint, cfg: FeeConfig): bigint {
  return amount + feeTotal(calcFees('buy', amount, qty, cfg));
}

export interface PlaceInput {
  accountId: number;
  /** false for a real account whose KYC is not verified */
  kycOk: boolean;
  side: OrderSide;
  type: OrderType;
  symbol: string;
  qty: string | undefined;
  price: string | undefined;
  clientOrderId: string;
  now: number;
}

interface Checked {
  l: Listed;
  qty: bigint;
  price: bigint;
}

function check(market: TradeMarket, i: PlaceInput): Checked {
  const l = listed(market, i.symbol);
  if (!i.kycOk) throw new AppError('trade.kycRequired');
  if (!i.qty) throw new AppError('trade.qtyRequired');
  const qty = parseMinor(i.qty, 0);
  if (qty === null) throw new AppError('trade.qtyRequired');
  if (qty === 0n) throw new AppError('trade.amountZero');
  if (qty % l.lot !== 0n) throw new AppError('trade.lotMultiple', { lot: l.lot.toString() });
  let price = 0n;
  if (i.type === 'limit') {
    price = (i.price ? parseMinor(i.price, 2) : null) ?? 0n;
    if (price === 0n) throw new AppError('trade.priceZero');
    if (price > l.limitUp || price < l.limitDown) {
      throw new AppError('trade.priceLimit', {
        down: formatMinor(l.limitDown, 2),
        up: formatMinor(l.limitUp, 2),
      });
    }
  } else {
    const st = market.session('psx', i.now);
    if (st === 'halt') throw new AppError('trade.marketHalted');
    if (st !== 'open') throw new AppError('trade.marketClosed');
  }
  return { l, qty, price };
}

/** Refuses a sell of more than the sellable shares, naming T+1 when bought-today shares are the reason. */
export function checkSellable(available: bigint, locked: bigint, qty: bigint): void {
  if (available === 0n) throw new AppError(locked > 0n ? 'trade.t1Locked' : 'trade.availableZero');
  if (qty > available) {
    if (locked > 0n) throw new AppError('trade.t1NotEnough', { locked: locked.toString() });
    throw new AppError('trade.notEnough');
  }
}

async function fillAll(
  db: Db,
  order: OrderRow,
  fills: readonly Fill[],
  fromFrozen: boolean,
  cfg: FeeConfig,
  now: number,
): Promise<void> {
  for (const f of fills) await applyFill(db, order, { qty: f.qty, price: f.price, fromFrozen, now }, cfg);
}

async function placeChecked(
  db: Db,
  market: TradeMarket,
  cfg: FeeConfig,
  i: PlaceInput,
  c: Checked,
  cash: bigint,
): Promise<OrderRow> {
  const { qty, price } = c;
  const base = { accountId: i.accountId, clientOrderId: i.clientOrderId, symbol: i.symbol, side: i.side };
  if (i.side === 'sell') {
    const s = await sharesOf(db, i.accountId, i.symbol);
    checkSellable(s.available, s.locked, qty);
  }
  const open = market.session('psx', i.now) === 'open';
  if (i.type === 'market') {
    const fills = walkBook(i.side, bookSide(market, i.symbol, i.side), qty);
    const got = sumFills(fills);
    if (got.qty === 0n) throw new AppError('trade.noLiquidity');
    if (i.side === 'buy' && buyCost(got.amount, got.qty, cfg) > cash)
      throw new AppError('trade.insufficient');
    const order = await insertOrder(db, { ...base, type: 'market', price: 0n, qty, now: i.now });
    await fillAll(db, order, fills, false, cfg, i.now);
    if (order.filledQty < order.qty) await cancelOrder(db, order, i.now, 'trade.depthExhausted');
    return order;
  }
  const reserve = i.side === 'buy' ? buyCost(qty * price, qty, cfg) : qty;
  if (i.side === 'buy' && reserve > cash) throw new AppError('trade.insufficient');
  const order = await insertOrder(db, { ...base, type: 'limit', price, qty, now: i.now });
  await postRecord(db, {
    kind: 'trade_freeze',
    ref: `order:${order.id}`,
    accountId: i.accountId,
    orderId: order.id,
    symbol: i.symbol,
    now: i.now,
    legs:
      i.side === 'buy'
        ? move(i.accountId, 'cash', 'frozen', PKR, reserve)
        : move(i.accountId, 'shares', 'shares_frozen', i.symbol, qty),
  });
  order.frozen = reserve;
  await saveOrder(db, order);
  if (open) {
    const fills = walkBook(i.side, bookSide(market, i.symbol, i.side), qty, price);
    await fillAll(db, order, fills, true, cfg, i.now);
  }
  return order;
}

/**
 * What placing decides on, read in one statement once the account is locked: an order with this
 * clientOrderId, whether T+1 locks are due, the cash. (A T+1 release moves shares, not cash.)
 */
async function placementState(
  tx: Db,
  i: PlaceInput,
): Promise<{ existingId: number | null; locksDue: boolean; cash: bigint }> {
  const cashAccount = await userAcct(tx, i.accountId, 'cash');
  const row = await tx
    .selectNoFrom((eb) => [
      eb
        .selectFrom('stock_orders')
        .select('id')
        .where('account_id', '=', i.accountId)
        .where('client_order_id', '=', i.clientOrderId)
        .as('existingId'),
      eb
        .exists(
          eb
            .selectFrom('share_locks')
            .select('id')
            .where('account_id', '=', i.accountId)
            .where('released_at', 'is', null)
            .where('unlock_at', '<=', i.now),
        )
        .as('locksDue'),
      eb
        .selectFrom('ledger_balances')
        .select('amount')
        .where('ledger_account_id', '=', cashAccount)
        .where('asset', '=', PKR)
        .as('cash'),
    ])
    .executeTakeFirstOrThrow();
  return {
    existingId: row.existingId ?? null,
    // PostgreSQL answers a boolean, SQLite 0 or 1
    locksDue: Boolean(row.locksDue),
    cash: row.cash ?? 0n,
  };
}

export interface PlaceResult {
  order: OrderRow;
  created: boolean;
  /** T+1 locks of the account that were due and released first (their news goes out with the order's) */
  released: ReleasedLock[];
}

/**
 * Whether a retry with a used clientOrderId asks for the very order it placed: same side, symbol, type,
 * quantity and (for a limit order) price, compared as exact minor units. Anything else reusing the id is a
 * different order and is refused, never answered with the first one as if it had been accepted.
 */
export function sameOrder(
  o: Pick<OrderRow, 'side' | 'symbol' | 'type' | 'qty' | 'price'>,
  i: Pick<PlaceInput, 'side' | 'symbol' | 'type' | 'qty' | 'price'>,
): boolean {
  if (o.side !== i.side || o.symbol !== i.symbol || o.type !== i.type) return false;
  if (i.qty === undefined || parseMinor(i.qty, 0) !== o.qty) return false;
  if (o.type === 'market') return true;
  return i.price !== undefined && parseMinor(i.price, 2) === o.price;
}

/**
 * Validates and places an order; a repeated clientOrderId returns the first order unchanged (a parallel twin
 * waits for the account's lock, then finds the first one's order). The account's due T+1 locks are released
 * first, in the same transaction.
 */
export async function placeOrder(
  db: Db,
  market: TradeMarket,
  cfg: FeeConfig,
  i: PlaceInput,
): Promise<PlaceResult> {
  return inTx(
    db,
    async (tx): Promise<PlaceResult> => {
      await lockAccounts(tx, [i.accountId]);
      const state = await placementState(tx, i);
      const released = state.locksDue ? await releaseDueLocks(tx, i.accountId, i.now) : [];
      const existing = state.existingId === null ? undefined : await orderById(tx, state.existingId);
      if (existing) {
        if (!sameOrder(existing, i)) throw new AppError('trade.clientOrderIdUsed');
        return { order: existing, created: false, released };
      }
      const c = check(market, i);
      try {
        return { order: await placeChecked(tx, market, cfg, i, c, state.cash), created: true, released };
      } catch (err) {
        // The ledger's own overdraft check is the last line of defence; a race it catches reads as a refusal.
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError(i.side === 'buy' ? 'trade.insufficient' : 'trade.notEnough');
        throw err;
      }
    },
    { isolation: 'read committed' },
  );
}

/** Cancels an open order of the account, releasing exactly what it still holds. */
export async function cancelOpenOrder(
  db: Db,
  accountId: number,
  orderId: number,
  now: number,
): Promise<OrderRow> {
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [accountId]);
      const order = await orderById(tx, orderId);
      if (!order || order.accountId !== accountId) throw new AppError('trade.orderNotFound');
      if (order.status !== 'pending' && order.status !== 'partial') throw new AppError('trade.orderNotOpen');
      return cancelOrder(tx, order, now);
    },
    { isolation: 'read committed' },
  );
}

export interface Preview {
  l: Listed;
  price: bigint;
  qty: bigint;
  amount: bigint;
  fees: Fees;
  available: bigint;
  maxQty: bigint;
}

/** Fees and limits before confirming: nothing is stored. Market orders are estimated by walking the book. */
export async function previewOrder(
  db: Db,
  market: TradeMarket,
  cfg: FeeConfig,
  p: {
    accountId: number;
    side: OrderSide;
    type: OrderType;
    symbol: string;
    qty: bigint;
    price: bigint;
    now: number;
  },
): Promise<Preview> {
  const l = listed(market, p.symbol);
  const levels = bookSide(market, p.symbol, p.side);
  const at = (q: bigint) => {
    if (p.type === 'limit') return { qty: q, amount: q * p.price };
    return sumFills(walkBook(p.side, levels, q));
  };
  const { amount, qty } = at(p.qty);
  const price = p.type === 'limit' ? p.price : qty > 0n ? amount / qty : (levels[0]?.price ?? 0n);
  await releaseDueLocks(db, p.accountId, p.now);
  let available: bigint;
  let maxQty: bigint;
  if (p.side === 'sell') {
    available = (await sharesOf(db, p.accountId, p.symbol)).available;
    maxQty = available - (available % l.lot);
  } else {
    available = await cashOf(db, p.accountId);
    // Largest whole number of lots whose cost fits the cash; cost is monotone in quantity.
    const unit = p.type === 'limit' ? p.price : (levels[0]?.price ?? 0n);
    let lo = 0n;
    let hi = unit > 0n ? available / unit / l.lot : 0n;
    if (p.type === 'market') {
      const depth = levels.reduce((s, x) => s + x.qty, 0n) / l.lot;
      if (depth < hi) hi = depth;
    }
    while (lo < hi) {
      const mid = (lo + hi + 1n) / 2n;
      const x = at(mid * l.lot);
      if (buyCost(x.amount, x.qty, cfg) <= available) lo = mid;
      else hi = mid - 1n;
    }
    maxQty = lo * l.lot;
  }
  return { l, price, qty: p.qty, amount, fees: calcFees(p.side, amount, qty, cfg), available, maxQty };
}
