// The report of a robot order, read from its own account: cash (ledger), shares (positions), the engine's fills
// (realised P&L by average cost, fees, win rate), the equity curve (snapshots) and the buy-and-hold benchmark.
// Everything is measured; nothing here projects.
import { formatMinor } from '../../../contract/money.ts';
import type { RobotEquityPoint, RobotHolding, RobotOrder, RobotTradeOrder } from '../../../contract/robot.ts';
import type { Db } from '../../db/database.ts';
import { moneyOf } from '../ledger/books.ts';
import type { OrderRow } from './allocate.ts';
import { buyAndHold, bps, maxDrawdownBps, pctText, tradeStats, wholeDays } from './metrics.ts';
import { addRoom } from './allocate.ts';
import { feeOf, openInvested, type ProductRow, type Translate } from './products.ts';

const m = (x: bigint) => formatMinor(x, 2);

export interface RobotBooks {
  cash: bigint;
  qty: bigint;
  cost: bigint;
}

/** The robot account's PKR (available + reserved) and its shares of the symbol with their cost. */
export async function booksOf(db: Db, robotAccountId: number, symbol: string): Promise<RobotBooks> {
  const money = await moneyOf(db, robotAccountId);
  const pos = await db
    .selectFrom('stock_positions')
    .select(['qty', 'cost'])
    .where('account_id', '=', robotAccountId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return { cash: money.available + money.frozen, qty: pos?.qty ?? 0n, cost: pos?.cost ?? 0n };
}

export async function fillsOf(db: Db, robotAccountId: number) {
  return db
    .selectFrom('stock_fills')
    .select(['side', 'qty', 'amount', 'fee'])
    .where('account_id', '=', robotAccountId)
    .orderBy('id')
    .execute();
}

export interface OrderContext {
  db: Db;
  t: Translate;
  lang: string;
  now: number;
  /** last price of a symbol, paisa (0 when none) */
  price: (symbol: string) => bigint;
}

export async function toRobotOrder(ctx: OrderContext, o: OrderRow, p: ProductRow): Promise<RobotOrder> {
  const ended = o.state === 'ended';
  const books = await booksOf(ctx.db, o.robot_account_id, p.symbol);
  const last = ended ? (o.end_price ?? o.start_price) : ctx.price(p.symbol) || o.start_price;
  const positionsValue = books.qty * last;
  const equity = ended ? o.returned + o.perf_fee + o.exit_fee : books.cash + positionsValue;
  const stats = tradeStats(
    (await fillsOf(ctx.db, o.robot_account_id)).map((f) => ({
      side: f.side,
      qty: f.qty,
      value: f.amount,
      fee: f.fee,
    })),
  );
  const fundings = await ctx.db
    .selectFrom('robot_fundings')
    .select(['amount', 'fee', 'price'])
    .where('order_id', '=', o.id)
    .execute();
  const bench = buyAndHold(
    fundings.map((f) => ({ capital: f.amount - f.fee, price: f.price })),
    last,
  );
  const curve = await ctx.db
    .selectFrom('robot_equity')
    .select('equity')
    .where('order_id', '=', o.id)
    .orderBy('t')
    .orderBy('id')
    .execute();
  const values = curve.map((c) => c.equity);
  if (!ended) values.push(equity);
  const netEnd = ended ? o.returned : equity;
  const net = netEnd - o.invested;
  const periodEnd = ended ? (o.ended_at ?? ctx.now) : ctx.now;
  const running = o.state === 'running';
  const early = running && ctx.now < o.lock_until;
  const room = running ? addRoom(p, o, await openInvested(ctx.db, o.account_id, p.id)) : 0n;
  return {
    id: o.id,
    clientId: o.client_id,
    productId: p.id,
    productName: ctx.lang.startsWith('ur') ? p.name_ur : p.name_en,
    strategy: p.strategy,
    symbol: p.symbol,
    level: o.level,
    state: o.state,
    endReason: o.end_reason,
    invested: m(o.invested),
    capital: m(o.capital),
    cash: m(ended ? 0n : books.cash),
    positionsValue: m(ended ? 0n : positionsValue),
    equity: m(netEnd),
    realisedPnl: m(stats.realised),
    unrealisedPnl: m(ended ? 0n : positionsValue - books.cost),
    netPnl: m(net),
    returnPct: pctText(bps(net, o.invested)),
    fees: {
      entry: m(o.entry_fee),
      trading: m(stats.fees),
      performance: m(o.perf_fee),
      earlyExit: m(o.exit_fee),
      total: m(o.entry_fee + stats.fees + o.perf_fee + o.exit_fee),
    },
    trades: stats.fills,
    closedTrades: stats.closed,
    wins: stats.wins,
    winRate: stats.closed ? pctText(bps(BigInt(stats.wins), BigInt(stats.closed))) : '',
    maxDrawdownPct: pctText(maxDrawdownBps(values)),
    benchmark: {
      symbol: p.symbol,
      startPrice: m(o.start_price),
      endPrice: m(last),
      value: m(bench),
      pnl: m(bench - o.invested),
      returnPct: pctText(bps(bench - o.invested, o.invested)),
    },
    returned: m(o.returned),
    startedAt: o.started_at,
    periodEnd,
    days: wholeDays(o.started_at, periodEnd),
    lockDays: p.lock_days,
    lockUntil: o.lock_until,
    canAdd: running && room >= p.min_add,
    canExit: running,
    exitFeeNow: m(early ? feeOf(equity, p.exit_fee_bps) : 0n),
    endedAt: o.ended_at,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
  };
}

/** The robot's holdings, curve and engine orders for the details page. */
export async function detailsOf(ctx: OrderContext, o: OrderRow, p: ProductRow) {
  const last = ctx.price(p.symbol) || o.start_price;
  const books = await booksOf(ctx.db, o.robot_account_id, p.symbol);
  const holdings: RobotHolding[] =
    books.qty > 0n
      ? [
          {
            symbol: p.symbol,
            qty: Number(books.qty),
            cost: m(books.cost),
            last: m(last),
            value: m(books.qty * last),
          },
        ]
      : [];
  const points = await ctx.db
    .selectFrom('robot_equity')
    .select(['t', 'equity', 'bench', 'kind'])
    .where('order_id', '=', o.id)
    .orderBy('t', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const curve: RobotEquityPoint[] = points
    .reverse()
    .map((x) => ({ t: x.t, equity: m(x.equity), benchmark: m(x.bench), kind: x.kind }));
  const rows = await ctx.db
    .selectFrom('stock_orders')
    .selectAll()
    .where('account_id', '=', o.robot_account_id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const orders: RobotTradeOrder[] = rows.map((r) => {
    const fee = r.fee_commission + r.fee_sst + r.fee_cvt + r.fee_cdc + r.fee_exchange;
    const reasonKey = r.client_order_id.split('.')[2] ?? '';
    return {
      id: r.id,
      side: r.side,
      type: r.type,
      symbol: r.symbol,
      price: m(r.price),
      qty: Number(r.qty),
      filledQty: Number(r.filled_qty),
      avgPrice: r.filled_qty > 0n ? m(r.filled_amount / r.filled_qty) : '0.00',
      fee: m(fee),
      status: r.status,
      reason: reasonKey ? ctx.t(`errors:robot.text.reason.${reasonKey}`) : '',
      createdAt: r.created_at,
    };
  });
  return { holdings, curve, orders };
}
