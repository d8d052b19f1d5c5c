// The two postings every contract execution makes, in the caller's transaction, and its execution row:
// opening (or increasing) moves the initial margin contract → contract_margin and the fee contract → fee_perp;
// closing moves the released margin out of contract_margin, the realised P&L against perp_market (the simulated
// counterparty), the fee to fee_perp, and what is left to the user's contract book — or, for a liquidation, to
// the insurance fund (Binance's clearance: a liquidated position's remaining margin is not returned). What a
// close cannot pay (a loss beyond the margin) is taken from insurance_fund. Every journal balances; no user
// book is ever debited below zero (the ledger refuses it).
import type { Db } from '../../db/database.ts';
import type { PerpAction } from '../../db/schema.ts';
import { postRecords, type Leg, type RecordInput } from '../ledger/post.ts';
import { closePart, liquidationPrice, type CloseResult } from '../../../contract/perp/position.ts';
import { FEE_ACCOUNT, INSURANCE_ACCOUNT, MARKET_ACCOUNT, TAKER_RATE, USDT } from './perp-config.ts';
import type { PerpPair } from './perp-grid.ts';
import {
  insertExecution,
  mathOf,
  updatePosition,
  type ExecutionRow,
  type PositionRow,
} from './positions-repo.ts';

export interface CloseOutcome extends CloseResult {
  execution: ExecutionRow;
  /** what went to the user's contract book (0 for a liquidation) */
  toUser: bigint;
}

export const closeSide = (p: Pick<PositionRow, 'side'>): 'buy' | 'sell' =>
  p.side === 'long' ? 'sell' : 'buy';

/**
 * Closes `qty` of an open position at `price` in the caller's transaction (accounts already locked): posts the
 * close, updates or ends the position (a partial close keeps its TP/SL, which then cover the rest), records
 * the execution. `liquidation`: the remaining margin goes to the insurance fund, not the user.
 */
export async function closeIn(
  tx: Db,
  pair: PerpPair,
  pos: PositionRow,
  qty: bigint,
  price: bigint,
  action: PerpAction,
  clientId: string,
  now: number,
  feeRate: bigint = TAKER_RATE,
): Promise<CloseOutcome> {
  const r = closePart(pair.grid, mathOf(pos), qty, price, feeRate);
  const liquidation = action === 'liquidation';
  const toUser = liquidation ? 0n : r.payout;
  const legs: Leg[] = [
    { accountId: pos.accountId, book: 'contract_margin', asset: USDT, amount: -r.released },
    { system: MARKET_ACCOUNT, asset: USDT, amount: -r.realised },
    { system: FEE_ACCOUNT, asset: USDT, amount: r.fee },
    { system: INSURANCE_ACCOUNT, asset: USDT, amount: (liquidation ? r.payout : 0n) - r.shortfall },
    { accountId: pos.accountId, book: 'contract', asset: USDT, amount: toUser },
  ];
  const execution = await insertExecution(tx, {
    accountId: pos.accountId,
    clientId,
    positionId: pos.id,
    symbol: pos.symbol,
    side: closeSide(pos),
    action,
    qty: r.rest ? qty : pos.qty,
    price,
    fee: r.fee,
    margin: -r.released,
    realizedPnl: r.realised,
    leverage: pos.leverage,
    createdAt: now,
  });
  const kind = liquidation ? 'perp_liquidation' : action === 'adl' ? 'perp_adl' : 'perp_close';
  await postRecords(tx, [
    { kind, ref: `perp:${execution.id}`, accountId: pos.accountId, symbol: pos.symbol, now, legs },
  ]);
  if (r.rest) {
    await updatePosition(
      tx,
      pos.id,
      {
        qty: r.rest.qty,
        entryValue: r.rest.entryValue,
        margin: r.rest.margin,
        liqPrice: liquidationPrice(pair.grid, pair.tiers, r.rest, TAKER_RATE),
      },
      now,
    );
  } else {
    // Size and entry stay on the ended row (its history: query shows what was closed); margin goes, and the LP
    // too unless liquidated: a liquidated row keeps the price it was liquidated at (the history explains it).
    await updatePosition(
      tx,
      pos.id,
      {
        margin: 0n,
        liqPrice: liquidation ? pos.liqPrice : null,
        tpPrice: null,
        slPrice: null,
        status: liquidation ? 'liquidated' : 'closed',
      },
      now,
    );
  }
  return { ...r, execution, toUser };
}

/** The open's two records: margin contract → contract_margin, fee contract → fee_perp. */
export function openRecords(
  accountId: number,
  symbol: string,
  executionId: number,
  margin: bigint,
  fee: bigint,
  now: number,
): RecordInput[] {
  const tags = { accountId, symbol, now };
  return [
    {
      ...tags,
      kind: 'perp_open',
      ref: `perp:${executionId}`,
      legs: [
        { accountId, book: 'contract', asset: USDT, amount: -margin },
        { accountId, book: 'contract_margin', asset: USDT, amount: margin },
      ],
    },
    {
      ...tags,
      kind: 'perp_fee',
      ref: `perp:${executionId}`,
      legs: [
        { accountId, book: 'contract', asset: USDT, amount: -fee },
        { system: FEE_ACCOUNT, asset: USDT, amount: fee },
      ],
    },
  ];
}
