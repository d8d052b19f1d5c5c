// What a user does with contracts (the calls of coin/contract/order/*), each one transaction with the account
// locked first: open or increase a position at market, close part or all at market (margin, leverage and
// TP/SL changes: perp-adjust.ts). A clientId makes an open or a close happen once; the same id with other
// details is refused. Fills are at the book's best price (ask for a buy, bid for a sell: all are a taker's).
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { parseMinor } from '../../../contract/money.ts';
import {
  crossed,
  increase,
  initialMargin,
  liquidationPrice,
  notional,
  tradeFee,
} from '../../../contract/perp/position.ts';
import { maxLeverageAt } from '../../../contract/perp/tiers.ts';
import { LedgerError, postRecords } from '../ledger/post.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { DEFAULT_LEVERAGE, TAKER_RATE } from './perp-config.ts';
import { perpError } from './perp-errors.ts';
import { closeIn, openRecords as openRecordsOf } from './perp-fill.ts';
import { quoteOf, type PerpMarket, type PerpPair } from './perp-grid.ts';
import type { MarkBook } from './mark-book.ts';
import {
  executionByClientId,
  insertExecution,
  insertPosition,
  leverageOf,
  mathOf,
  openPosition,
  openPositionsOf,
  ownPosition,
  positionById,
  updatePosition,
  type ExecutionRow,
  type PositionRow,
} from './positions-repo.ts';

export interface PerpDeps {
  db: Db;
  market: PerpMarket;
  marks: MarkBook;
}

export interface Executed {
  execution: ExecutionRow;
  position: PositionRow;
  /** false when the clientId had been used for the same order: nothing new happened */
  created: boolean;
}

export function pairOf(d: PerpDeps, symbol: string): PerpPair {
  const pair = d.marks.pair(symbol);
  if (!pair) throw perpError('unknownSymbol', { symbol });
  return pair;
}

export function qtyOf(pair: PerpPair, text: string): bigint {
  const q = parseMinor(text, pair.grid.qtyDecimals);
  if (q === null || q <= 0n) throw perpError('badQty', { decimals: pair.grid.qtyDecimals });
  return q;
}

export function markOrThrow(d: PerpDeps, symbol: string): bigint {
  const m = d.marks.mark(symbol);
  if (m === null) throw perpError('noPrice');
  return m;
}

export function ledgerRefusal(err: unknown): never {
  if (err instanceof LedgerError && err.reason === 'insufficient') throw perpError('insufficient');
  throw err;
}

async function replay(tx: Db, accountId: number, clientId: string, same: (e: ExecutionRow) => boolean) {
  const prior = await executionByClientId(tx, accountId, clientId);
  if (!prior) return null;
  if (!same(prior)) throw perpError('clientIdReused');
  const position = await positionById(tx, prior.positionId);
  return { execution: prior, position: position!, created: false };
}

export interface OpenInput {
  accountId: number;
  clientId: string;
  symbol: string;
  side: 'long' | 'short';
  qty: string;
}

/** Opens a position at market, or adds to the open one of the same side (one-way mode). */
export async function openAtMarket(d: PerpDeps, input: OpenInput, now: number): Promise<Executed> {
  const pair = pairOf(d, input.symbol);
  const qty = qtyOf(pair, input.qty);
  const side = input.side === 'long' ? 'buy' : 'sell';
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [input.accountId]);
    const again = await replay(
      tx,
      input.accountId,
      input.clientId,
      (e) => e.action === 'open' && e.symbol === input.symbol && e.side === side && e.qty === qty,
    );
    if (again) return again;
    const quote = quoteOf(d.market, pair);
    if (!quote) throw perpError('noPrice');
    const price = side === 'buy' ? quote.ask : quote.bid;
    return openIn(tx, d, pair, { ...input, qty }, { price, feeRate: TAKER_RATE }, now);
  });
}

export interface OpenAt {
  /** the fill price (price units) */
  price: bigint;
  feeRate: bigint;
  /** the leverage of a new position (default: the symbol's setting); an open position keeps its own */
  leverage?: number;
}

/**
 * Opens or increases at `at.price` in the caller's transaction (the account locked): the one-way, leverage and
 * liquidation checks, the position, the execution and its postings (margin and fee from the contract book).
 */
export async function openIn(
  tx: Db,
  d: PerpDeps,
  pair: PerpPair,
  input: Omit<OpenInput, 'qty'> & { qty: bigint },
  at: OpenAt,
  now: number,
): Promise<Executed> {
  const { qty } = input;
  const { price } = at;
  const side = input.side === 'long' ? 'buy' : 'sell';
  const existing = await openPosition(tx, input.accountId, input.symbol);
  if (existing && existing.side !== input.side) throw perpError('oppositeOpen');
  const leverage =
    existing?.leverage ??
    at.leverage ??
    (await leverageOf(tx, input.accountId, input.symbol, DEFAULT_LEVERAGE));
  const margin = initialMargin(pair.grid, qty, price, leverage);
  const fee = tradeFee(pair.grid, qty, price, at.feeRate);
  const before = existing
    ? mathOf(existing)
    : { side: (input.side === 'long' ? 1 : -1) as 1 | -1, qty: 0n, entryValue: 0n, margin: 0n };
  const after = increase(before, qty, price, margin);
  const max = maxLeverageAt(pair.tiers, notional(pair.grid, after.qty, price));
  if (leverage > max) throw perpError('leverageTooHigh', { max });
  const liq = liquidationPrice(pair.grid, pair.tiers, after, TAKER_RATE);
  if (crossed(after.side, liq, markOrThrow(d, input.symbol))) throw perpError('wouldLiquidate');
  const positionId = existing
    ? existing.id
    : await insertPosition(tx, {
        accountId: input.accountId,
        symbol: input.symbol,
        side: input.side,
        qty: after.qty,
        entryValue: after.entryValue,
        margin: after.margin,
        leverage,
        liqPrice: liq,
        openedAt: now,
      });
  if (existing)
    await updatePosition(
      tx,
      positionId,
      { qty: after.qty, entryValue: after.entryValue, margin: after.margin, liqPrice: liq },
      now,
    );
  const execution = await insertExecution(tx, {
    accountId: input.accountId,
    clientId: input.clientId,
    positionId,
    symbol: input.symbol,
    side,
    action: 'open',
    qty,
    price,
    fee,
    margin,
    realizedPnl: 0n,
    leverage,
    createdAt: now,
  });
  await postRecords(tx, openRecordsOf(input.accountId, input.symbol, execution.id, margin, fee, now)).catch(
    ledgerRefusal,
  );
  return { execution, position: (await positionById(tx, positionId))!, created: true };
}

export interface CloseInput {
  accountId: number;
  clientId: string;
  positionId: number;
  /** omitted: the whole position */
  qty?: string | undefined;
}

/** Closes part or all of the caller's own open position at market. */
export async function closeAtMarket(d: PerpDeps, input: CloseInput, now: number): Promise<Executed> {
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [input.accountId]);
    const again = await replay(
      tx,
      input.accountId,
      input.clientId,
      (e) => e.action === 'close' && e.positionId === input.positionId,
    );
    if (again) return again;
    const pos = await ownPosition(tx, input.accountId, input.positionId);
    if (!pos || pos.status !== 'open') throw perpError('noPosition');
    const pair = pairOf(d, pos.symbol);
    const qty = input.qty === undefined ? pos.qty : qtyOf(pair, input.qty);
    if (qty > pos.qty) throw perpError('closeTooLarge');
    const quote = quoteOf(d.market, pair);
    if (!quote) throw perpError('noPrice');
    const price = pos.side === 'long' ? quote.bid : quote.ask;
    const out = await closeIn(tx, pair, pos, qty, price, 'close', input.clientId, now);
    return { execution: out.execution, position: (await positionById(tx, pos.id))!, created: true };
  });
}

/** Closes every open position of the account at market (liquidate/all); returns the executions. */
export async function closeAllAtMarket(
  d: PerpDeps,
  accountId: number,
  clientId: string,
  now: number,
): Promise<Executed[]> {
  const open = await openPositionsOf(d.db, accountId);
  const out: Executed[] = [];
  for (const p of open) {
    const r = await closeAtMarket(
      d,
      { accountId, clientId: `${clientId}:${p.id}`, positionId: p.id },
      now,
    ).catch((err: unknown) => {
      // closed meanwhile (another close, a liquidation): nothing left to do for it
      if (err instanceof AppError && err.key === 'perp.noPosition') return null;
      throw err;
    });
    if (r) out.push(r);
  }
  return out;
}
