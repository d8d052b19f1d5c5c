// Resting limit orders of the contracts (issue 16): a limit open or increase (one-way mode, isolated margin) that
// waits until the simulated market reaches its price. What a top exchange's user expects, decided here:
// - GTC only. A buy (long) rests below the best ask, a sell (short) above the best bid; one that is marketable
//   when placed fills at once at the best price as a taker (as a limit order crossing the book does).
// - The price is on the pair's grid and within LIMIT_BAND_PCT of the mark (a price far off is a typo).
// - While it rests, its margin at its own price and leverage and the fee at the taker rate (the most it can
//   cost) are frozen: contract → contract_frozen (journal perp_limit_freeze, ref perp-limit:N).
// - On the engine's tick (the leader), a resting buy fills when the best ask is at or below its price, a sell
//   when the best bid is at or above it, at its own price as a maker (MAKER_RATE): in one transaction the
//   frozen amount goes back (perp_limit_release) and the open runs as a market open does (perp-orders.ts openIn),
//   at the position's leverage when one is open. If the open is refused then (the opposite side opened
//   meanwhile, the balance, the leverage bracket, an instant liquidation), the order ends cancelled with that
//   reason and nothing else changes.
// - Cancel (the user's, or the liquidation of the symbol's position) releases what is frozen. At most
//   MAX_OPEN_LIMITS rest per account.
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { PerpLimitOrdersTable, PerpLimitStatus } from '../../db/schema.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { initialMargin, tradeFee } from '../../../contract/perp/position.ts';
import { postRecords } from '../ledger/post.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { DEFAULT_LEVERAGE, MAKER_RATE, TAKER_RATE, USDT } from './perp-config.ts';
import { perpError } from './perp-errors.ts';
import { quoteOf, type PerpPair } from './perp-grid.ts';
import {
  ledgerRefusal,
  markOrThrow,
  openIn,
  pairOf,
  qtyOf,
  type Executed,
  type PerpDeps,
} from './perp-orders.ts';
import { leverageOf, openPosition, ownExecution, positionById, type ExecutionRow } from './positions-repo.ts';

/** How far from the mark a limit price may be, percent. */
export const LIMIT_BAND_PCT = 20n;
export const MAX_OPEN_LIMITS = 50;

export interface LimitOrderRow {
  id: number;
  accountId: number;
  clientId: string;
  symbol: string;
  side: 'long' | 'short';
  qty: bigint;
  price: bigint;
  leverage: number;
  frozen: bigint;
  status: PerpLimitStatus;
  reason: string | null;
  executionId: number | null;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = [
  'id',
  'account_id',
  'client_id',
  'symbol',
  'side',
  'qty',
  'price',
  'leverage',
  'frozen',
  'status',
  'reason',
  'execution_id',
  'created_at',
  'updated_at',
] as const;

type Raw = Selectable<PerpLimitOrdersTable>;

const toRow = (r: Raw): LimitOrderRow => ({
  id: r.id,
  accountId: r.account_id,
  clientId: r.client_id,
  symbol: r.symbol,
  side: r.side,
  qty: r.qty,
  price: r.price,
  leverage: r.leverage,
  frozen: r.frozen,
  status: r.status,
  reason: r.reason,
  executionId: r.execution_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function ownLimitOrder(db: Db, accountId: number, id: number): Promise<LimitOrderRow | null> {
  const r = await db
    .selectFrom('perp_limit_orders')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

/** The account's resting orders, oldest first. */
export async function openLimitOrdersOf(db: Db, accountId: number): Promise<LimitOrderRow[]> {
  const rows = await db
    .selectFrom('perp_limit_orders')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** Symbols with at least one resting order (read on every tick, beside the symbols with positions). */
export async function symbolsWithLimitOrders(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('perp_limit_orders')
    .select('symbol')
    .distinct()
    .where('status', '=', 'open')
    .execute();
  return rows.map((r) => r.symbol);
}

/** Resting orders of a symbol the best bid and ask reach (a buy at ≥ ask, a sell at ≤ bid), oldest first. */
async function reachedLimitOrders(
  db: Db,
  symbol: string,
  quote: { bid: bigint; ask: bigint },
): Promise<LimitOrderRow[]> {
  const buys = db
    .selectFrom('perp_limit_orders')
    .select(COLUMNS)
    .where('symbol', '=', symbol)
    .where('side', '=', 'long')
    .where('status', '=', 'open')
    .where('price', '>=', quote.ask);
  const sells = db
    .selectFrom('perp_limit_orders')
    .select(COLUMNS)
    .where('symbol', '=', symbol)
    .where('side', '=', 'short')
    .where('status', '=', 'open')
    .where('price', '<=', quote.bid);
  const rows = await buys.unionAll(sells).execute();
  return rows.map(toRow).sort((a, b) => a.id - b.id);
}

async function end(
  tx: Db,
  o: LimitOrderRow,
  status: 'filled' | 'cancelled',
  reason: string | null,
  executionId: number | null,
  now: number,
): Promise<void> {
  if (o.frozen > 0n)
    await postRecords(tx, [
      {
        kind: 'perp_limit_release',
        ref: `perp-limit:${o.id}`,
        accountId: o.accountId,
        symbol: o.symbol,
        now,
        legs: [
          { accountId: o.accountId, book: 'contract_frozen', asset: USDT, amount: -o.frozen },
          { accountId: o.accountId, book: 'contract', asset: USDT, amount: o.frozen },
        ],
      },
    ]);
  await tx
    .updateTable('perp_limit_orders')
    .set({ status, reason, execution_id: executionId, frozen: 0n, updated_at: now })
    .where('id', '=', o.id)
    .execute();
}

export interface LimitInput {
  accountId: number;
  clientId: string;
  symbol: string;
  side: 'long' | 'short';
  qty: string;
  price: string;
}

export interface Placed {
  order: LimitOrderRow;
  /** the fill when it was marketable and filled at once */
  executed: Executed | null;
  created: boolean;
}

function priceOf(pair: PerpPair, text: string): bigint {
  const p = parseMinor(text, pair.grid.priceDecimals);
  if (p === null || p <= 0n) throw perpError('badPrice', { decimals: pair.grid.priceDecimals });
  return p;
}

/** Places a limit open (or fills it at once when marketable). A repeated clientId answers the first. */
export async function placeLimit(d: PerpDeps, input: LimitInput, now: number): Promise<Placed> {
  const pair = pairOf(d, input.symbol);
  const qty = qtyOf(pair, input.qty);
  const price = priceOf(pair, input.price);
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [input.accountId]);
    const prior = await tx
      .selectFrom('perp_limit_orders')
      .select(COLUMNS)
      .where('account_id', '=', input.accountId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    if (prior) {
      const o = toRow(prior);
      const same = o.symbol === input.symbol && o.side === input.side && o.qty === qty && o.price === price;
      if (!same) throw perpError('clientIdReused');
      // a marketable one filled at once: the repeat answers with that fill too
      const execution = o.executionId === null ? null : await ownExecution(tx, o.accountId, o.executionId);
      const position = execution && (await positionById(tx, execution.positionId));
      const executed = execution && position ? { execution, position, created: false } : null;
      return { order: o, executed, created: false };
    }
    const mark = markOrThrow(d, input.symbol);
    const band = (mark * LIMIT_BAND_PCT) / 100n;
    if (price < mark - band || price > mark + band) {
      const d2 = pair.grid.priceDecimals;
      throw perpError('priceBand', {
        pct: Number(LIMIT_BAND_PCT),
        low: formatMinor(mark - band, d2),
        high: formatMinor(mark + band, d2),
      });
    }
    const existing = await openPosition(tx, input.accountId, input.symbol);
    if (existing && existing.side !== input.side) throw perpError('oppositeOpen');
    const open = await tx
      .selectFrom('perp_limit_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', input.accountId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_LIMITS) throw perpError('tooManyOrders', { max: MAX_OPEN_LIMITS });
    const quote = quoteOf(d.market, pair);
    if (!quote) throw perpError('noPrice');
    const leverage =
      existing?.leverage ?? (await leverageOf(tx, input.accountId, input.symbol, DEFAULT_LEVERAGE));
    const marketable = input.side === 'long' ? price >= quote.ask : price <= quote.bid;
    const inserted = await tx
      .insertInto('perp_limit_orders')
      .values({
        account_id: input.accountId,
        client_id: input.clientId,
        symbol: input.symbol,
        side: input.side,
        qty,
        price,
        leverage,
        frozen: 0n,
        status: 'open',
        reason: null,
        execution_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = inserted.id;
    if (marketable) {
      // crosses the book: a taker's fill at the best price, now (its refusals refuse the call)
      const fill = input.side === 'long' ? quote.ask : quote.bid;
      const executed = await openIn(
        tx,
        d,
        pair,
        { ...input, clientId: `limit:${id}`, qty },
        { price: fill, feeRate: TAKER_RATE, leverage },
        now,
      );
      await tx
        .updateTable('perp_limit_orders')
        .set({ status: 'filled', execution_id: executed.execution.id, updated_at: now })
        .where('id', '=', id)
        .execute();
      return { order: (await ownLimitOrder(tx, input.accountId, id))!, executed, created: true };
    }
    const frozen =
      initialMargin(pair.grid, qty, price, leverage) + tradeFee(pair.grid, qty, price, TAKER_RATE);
    await postRecords(tx, [
      {
        kind: 'perp_limit_freeze',
        ref: `perp-limit:${id}`,
        accountId: input.accountId,
        symbol: input.symbol,
        now,
        legs: [
          { accountId: input.accountId, book: 'contract', asset: USDT, amount: -frozen },
          { accountId: input.accountId, book: 'contract_frozen', asset: USDT, amount: frozen },
        ],
      },
    ]).catch(ledgerRefusal);
    await tx.updateTable('perp_limit_orders').set({ frozen }).where('id', '=', id).execute();
    return { order: (await ownLimitOrder(tx, input.accountId, id))!, executed: null, created: true };
  });
}

/** The caller cancels a resting order of theirs; another account's id is "not found". */
export async function cancelLimit(
  d: Pick<PerpDeps, 'db'>,
  accountId: number,
  id: number,
  now: number,
): Promise<LimitOrderRow> {
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [accountId]);
    const o = await ownLimitOrder(tx, accountId, id);
    if (!o) throw perpError('notFound');
    if (o.status !== 'open') throw perpError('orderNotOpen');
    await end(tx, o, 'cancelled', 'user', null, now);
    return (await ownLimitOrder(tx, accountId, id))!;
  });
}

/** In a liquidation's transaction: the account's resting orders of the symbol are cancelled, frozen released. */
export async function cancelLimitsForLiquidation(
  tx: Db,
  accountId: number,
  symbol: string,
  now: number,
): Promise<void> {
  const rows = await tx
    .selectFrom('perp_limit_orders')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('symbol', '=', symbol)
    .where('status', '=', 'open')
    .execute();
  for (const r of rows) await end(tx, toRow(r), 'cancelled', 'liquidation', null, now);
}

const REFUSALS_THAT_CANCEL = new Set([
  'perp.insufficient',
  'perp.oppositeOpen',
  'perp.leverageTooHigh',
  'perp.wouldLiquidate',
]);

/**
 * The leader's tick for one pair: fills every resting order the best bid and ask reached, oldest first, each in
 * its own transaction, at its own price as a maker. Returns the executions.
 */
export async function fillReachedLimits(
  d: PerpDeps,
  pair: PerpPair,
  quote: { bid: bigint; ask: bigint },
  now: number,
): Promise<ExecutionRow[]> {
  const out: ExecutionRow[] = [];
  for (const seen of await reachedLimitOrders(d.db, pair.symbol, quote)) {
    const r = await inTx(d.db, async (tx) => {
      await lockAccounts(tx, [seen.accountId]);
      const o = await ownLimitOrder(tx, seen.accountId, seen.id);
      if (!o || o.status !== 'open') return null;
      await end(tx, o, 'filled', null, null, now);
      try {
        const executed = await openIn(
          tx,
          d,
          pair,
          { accountId: o.accountId, clientId: `limit:${o.id}`, symbol: o.symbol, side: o.side, qty: o.qty },
          { price: o.price, feeRate: MAKER_RATE, leverage: o.leverage },
          now,
        );
        await tx
          .updateTable('perp_limit_orders')
          .set({ execution_id: executed.execution.id })
          .where('id', '=', o.id)
          .execute();
        return executed.execution;
      } catch (err) {
        if (!(err instanceof AppError) || !REFUSALS_THAT_CANCEL.has(err.key)) throw err;
        throw new LimitRefused(o, err.key.slice('perp.'.length));
      }
    }).catch(async (err: unknown) => {
      if (!(err instanceof LimitRefused)) throw err;
      // the refused open rolled back with its transaction: end the order with the reason, frozen released
      await inTx(d.db, async (tx) => {
        await lockAccounts(tx, [err.order.accountId]);
        const o = await ownLimitOrder(tx, err.order.accountId, err.order.id);
        if (o?.status === 'open') await end(tx, o, 'cancelled', err.reason, null, now);
      });
      return null;
    });
    if (r) out.push(r);
  }
  return out;
}

class LimitRefused extends Error {
  constructor(
    readonly order: LimitOrderRow,
    readonly reason: string,
  ) {
    super(`limit order ${order.id} refused: ${reason}`);
  }
}
