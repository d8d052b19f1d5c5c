// Auto-deleveraging (derivatives.md §1 "What happens at liquidation", Binance [B-ADL]): used when a liquidation
// at the mark would lose more than its margin and the insurance fund cannot cover that loss. Then the bankrupt
// position is closed at its bankruptcy price instead (its margin exactly absorbs the loss), and opposite
// positions of the same pair, most profitable first (uPnL on the mark over margin, profitable ones only), are
// closed at that same price, without fee, until the bankrupt size is matched (the last one partly). The
// simulated counterparty (perp_market) then pays the bankrupt side more and the deleveraged side less than at
// the mark by the same amount, so the loss the fund could not take is borne by those most in profit, as on an
// exchange. Runs inside the liquidation's transaction, with every account involved locked in one call.
import type { Db } from '../../db/database.ts';
import { unrealisedPnl, bankruptcyPrice } from '../../../contract/perp/position.ts';
import { RATE_ONE } from '../../../contract/perp/fixed.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { closeIn } from './perp-fill.ts';
import type { PerpPair } from './perp-grid.ts';
import {
  mathOf,
  openPositionsOfSymbol,
  positionById,
  type ExecutionRow,
  type PositionRow,
} from './positions-repo.ts';

/** Ranked opposite positions: profitable ones, by uPnL / margin on the mark, highest first (then oldest). */
export function adlQueue(
  pair: PerpPair,
  bankrupt: PositionRow,
  all: readonly PositionRow[],
  mark: bigint,
): PositionRow[] {
  const scored = all
    .filter((p) => p.side !== bankrupt.side && p.id !== bankrupt.id && p.qty > 0n)
    .map((p) => ({ p, pnl: unrealisedPnl(pair.grid, mathOf(p), mark) }))
    .filter((x) => x.pnl > 0n)
    .map((x) => ({ ...x, score: x.p.margin > 0n ? (x.pnl * RATE_ONE) / x.p.margin : x.pnl * RATE_ONE }));
  scored.sort((a, b) => (a.score === b.score ? a.p.id - b.p.id : a.score > b.score ? -1 : 1));
  return scored.map((x) => x.p);
}

/**
 * Closes the bankrupt position at its bankruptcy price and deleverages the queue against it. The caller's
 * transaction; returns the executions (the bankrupt's first), or null when no bankruptcy price exists.
 */
export async function deleverage(
  tx: Db,
  pair: PerpPair,
  bankrupt: PositionRow,
  mark: bigint,
  now: number,
): Promise<ExecutionRow[] | null> {
  const bp = bankruptcyPrice(pair.grid, mathOf(bankrupt));
  if (bp === null) return null;
  const queue = adlQueue(pair, bankrupt, await openPositionsOfSymbol(tx, pair.symbol), mark);
  // the caller locked them (perp-liquidation.ts); a position opened since is locked here (held ids are skipped)
  await lockAccounts(tx, [bankrupt.accountId, ...queue.map((p) => p.accountId)]);
  const out: ExecutionRow[] = [];
  const self = await positionById(tx, bankrupt.id);
  if (!self || self.status !== 'open') return out;
  out.push(
    (await closeIn(tx, pair, self, self.qty, bp, 'liquidation', `sys:liq:${self.id}`, now, 0n)).execution,
  );
  let left = self.qty;
  for (const q of queue) {
    if (left <= 0n) break;
    const p = await positionById(tx, q.id);
    if (!p || p.status !== 'open') continue;
    const take = p.qty < left ? p.qty : left;
    out.push((await closeIn(tx, pair, p, take, bp, 'adl', `sys:adl:${p.id}:${self.id}`, now, 0n)).execution);
    left -= take;
  }
  return out;
}
