// Read models of an account's trading: positions with a price snapshot, assets (the ledger's money plus the
// positions' market value) and income windows. All money in paisa until the wire strings. The funds detail
// is the ledger's (domain/ledger/records.ts).
import type { Db } from '../../db/database.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import type { Assets, Position } from '../../../workers/protocol/trade.ts';
import { DAY_MS, PKT_OFFSET_MS, pktDateKey, pktDayStart, pktWeekday } from '../market/calendar.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { TradeMarket } from './market-port.ts';
import { paisa } from './orders-repo.ts';
import { previousTradingDays, recentTradingDaysStart } from './t-plus-one.ts';
import { moneyOf, PKR } from '../ledger/books.ts';

export interface Holding {
  symbol: string;
  qty: bigint;
  cost: bigint;
  available: bigint;
  locked: bigint;
  /** shares bought since the start of the current PSX trading day, and their cost with fees (paisa) */
  todayQty: bigint;
  todayCost: bigint;
}

/** Buys since `from` per symbol: Σ qty and Σ (amount + fee). */
async function buysSince(
  db: Db,
  accountId: number,
  from: number,
): Promise<Map<string, { qty: bigint; cost: bigint }>> {
  const rows = await db
    .selectFrom('stock_fills')
    .select((eb) => [
      'symbol',
      eb.fn.sum<bigint>('qty').as('qty'),
      eb.fn.sum<bigint>(eb('amount', '+', eb.ref('fee'))).as('cost'),
    ])
    .where('account_id', '=', accountId)
    .where('side', '=', 'buy')
    .where('created_at', '>=', from)
    .groupBy('symbol')
    .execute();
  return new Map(rows.map((r) => [r.symbol, { qty: BigInt(r.qty), cost: BigInt(r.cost) }]));
}

/**
 * Open positions (qty > 0) with their ledger split and today's buys (as of `now`), sorted by symbol; one
 * symbol when given.
 */
export async function holdings(db: Db, accountId: number, now: number, symbol?: string): Promise<Holding[]> {
  let q = db
    .selectFrom('stock_positions')
    .select(['symbol', 'qty', 'cost'])
    .where('account_id', '=', accountId)
    .where('qty', '>', 0n);
  if (symbol) q = q.where('symbol', '=', symbol);
  const rows = await q.orderBy('symbol').execute();
  if (rows.length === 0) return [];
  const split = new Map<string, { a: bigint; l: bigint }>();
  const balances = await db
    .selectFrom('ledger_balances as b')
    .innerJoin('ledger_accounts as x', 'x.id', 'b.ledger_account_id')
    .select(['x.name', 'b.asset', 'b.amount'])
    .where('x.account_id', '=', accountId)
    .where('x.name', 'in', ['shares', 'shares_locked'])
    .execute();
  for (const b of balances) {
    const s = split.get(b.asset) ?? { a: 0n, l: 0n };
    if (b.name === 'shares') s.a = b.amount;
    else s.l = b.amount;
    split.set(b.asset, s);
  }
  const today = await buysSince(db, accountId, recentTradingDaysStart(now, 1));
  return rows.map((r) => {
    const b = today.get(r.symbol) ?? { qty: 0n, cost: 0n };
    // T+1 keeps today's shares from being sold today, so they are all still held; the cap guards the maths.
    const todayQty = b.qty < r.qty ? b.qty : r.qty;
    const todayCost = todayQty === b.qty ? b.cost : (b.cost * todayQty) / b.qty;
    return {
      ...r,
      available: split.get(r.symbol)?.a ?? 0n,
      locked: split.get(r.symbol)?.l ?? 0n,
      todayQty,
      todayCost,
    };
  });
}

/** An empty position in `symbol` (stock/hold/info of a stock not held). */
export function noHolding(symbol: string): Holding {
  return { symbol, qty: 0n, cost: 0n, available: 0n, locked: 0n, todayQty: 0n, todayCost: 0n };
}

/** pnl / cost in percent with 2 decimals, truncated toward zero. */
function pct(pnl: bigint, cost: bigint): string {
  if (cost === 0n) return '0.00';
  return paisa((pnl * 10_000n) / cost);
}

function lastPrice(market: TradeMarket, symbol: string): bigint {
  const t = market.ticker(symbol);
  return (t && parseMinor(t.p, 2)) ?? 0n;
}

/** The ticker's reference close; the last price when there is none (a new listing: no move today). */
function prevClose(market: TradeMarket, symbol: string, last: bigint): bigint {
  const t = market.ticker(symbol);
  const pc = t?.pc === undefined ? null : parseMinor(t.pc, 2);
  return pc !== null && pc > 0n ? pc : last;
}

/** Today's P&L of a holding in paisa: shares held before today against the previous close, today's against cost. */
function todayOf(market: TradeMarket, h: Holding, last: bigint): { pc: bigint; base: bigint; pnl: bigint } {
  const pc = prevClose(market, h.symbol, last);
  const base = (h.qty - h.todayQty) * pc + h.todayCost;
  return { pc, base, pnl: h.qty * last - base };
}

export function toPosition(market: TradeMarket, h: Holding): Position {
  const ins = market.instrument(h.symbol);
  const last = lastPrice(market, h.symbol);
  const mv = h.qty * last;
  const pnl = mv - h.cost;
  const avg = h.qty > 0n ? (h.cost * 100n) / h.qty : 0n;
  const today = todayOf(market, h, last);
  return {
    symbol: h.symbol,
    nameEn: ins?.nameEn ?? h.symbol,
    nameUr: ins?.nameUr ?? h.symbol,
    qty: h.qty.toString(),
    available: h.available.toString(),
    locked: h.locked.toString(),
    // Four decimals: the average of a fee-inclusive cost is rarely a whole paisa.
    avgCost: formatMinor(avg, 4),
    cost: paisa(h.cost),
    lastPrice: paisa(last),
    marketValue: paisa(mv),
    pnl: paisa(pnl),
    pnlPct: pct(pnl, h.cost),
    prevClose: paisa(today.pc),
    todayQty: h.todayQty.toString(),
    todayCost: paisa(h.todayCost),
    todayPnl: paisa(today.pnl),
    todayPnlPct: pct(today.pnl, today.base),
  };
}

export async function assetsOf(
  db: Db,
  market: TradeMarket,
  accountId: number,
  accountType: AccountType,
): Promise<Assets> {
  const { available, frozen } = await moneyOf(db, accountId, PKR);
  let mv = 0n;
  let cost = 0n;
  let today = 0n;
  for (const h of await holdings(db, accountId, market.now())) {
    const last = lastPrice(market, h.symbol);
    mv += h.qty * last;
    cost += h.cost;
    today += todayOf(market, h, last).pnl;
  }
  return {
    accountType,
    currency: 'PKR',
    total: paisa(available + frozen + mv),
    available: paisa(available),
    frozen: paisa(frozen),
    marketValue: paisa(mv),
    floatingPnl: paisa(mv - cost),
    todayPnl: paisa(today),
  };
}

/** Starts (UTC ms) of today, this week (Monday) and this month, in Asia/Karachi. */
export function incomeWindows(now: number): { today: number; week: number; month: number } {
  const today = pktDayStart(now);
  const week = today - ((pktWeekday(now) + 6) % 7) * DAY_MS;
  const month = Date.parse(`${pktDateKey(now).slice(0, 8)}01T00:00:00Z`) - PKT_OFFSET_MS;
  return { today, week, month };
}

/** Realised profit (sells: proceeds − fees − average cost) since each window start, in paisa. */
export async function realisedSince(
  db: Db,
  accountId: number,
  now: number,
): Promise<{ today: bigint; week: bigint; month: bigint }> {
  const w = incomeWindows(now);
  const sum = async (from: number) => {
    const row = await db
      .selectFrom('stock_fills')
      .select((eb) => eb.fn.sum<bigint | null>('realized_pnl').as('realized_pnl'))
      .where('account_id', '=', accountId)
      .where('side', '=', 'sell')
      .where('created_at', '>=', from)
      .executeTakeFirst();
    return BigInt(row?.realized_pnl ?? 0n);
  };
  return { today: await sum(w.today), week: await sum(w.week), month: await sum(w.month) };
}

/** Ids of orders with buy fills at or after `from` and before `to` (when given), newest first. */
export async function purchaseOrderIds(
  db: Db,
  accountId: number,
  from: number,
  to?: number,
): Promise<number[]> {
  let q = db
    .selectFrom('stock_fills')
    .select('order_id')
    .distinct()
    .where('account_id', '=', accountId)
    .where('side', '=', 'buy')
    .where('created_at', '>=', from);
  if (to !== undefined) q = q.where('created_at', '<', to);
  const rows = await q.orderBy('order_id', 'desc').limit(200).execute();
  return rows.map((r) => r.order_id);
}

/**
 * The income screen's purchase windows (Asia/Karachi, PSX calendar): today since 00:00, the previous trading
 * day, and the two previous trading days (today in neither: "last trading day" means the one before today).
 * Ends are exclusive.
 */
export function purchaseWindows(now: number): {
  today: { from: number };
  last1: { from: number; to: number };
  last2: { from: number; to: number };
  previousDays: [number, number];
} {
  const today = pktDayStart(now);
  const [d1, d2] = previousTradingDays(now, 2) as [number, number];
  // Until today, not to the end of the previous trading day: a weekend or holiday in between trades nothing on
  // PSX, but the always-open demo mode (PSX_ALWAYS_OPEN) may, and those buys belong to no other window.
  return {
    today: { from: today },
    last1: { from: d1, to: today },
    last2: { from: d2, to: today },
    previousDays: [d1, d2],
  };
}
