// Liquidation and TP/SL on a mark tick (leader only). Crossed positions come from the (symbol, side, liq_price)
// index (positions-repo.ts crossedPositions), so a tick costs O(crossed). Each position is handled in its own
// transaction, re-read under its account's lock: a position closed or changed meanwhile is judged on what the
// database holds. A liquidation cancels the account's resting limit orders of the pair (perp-limit.ts: their
// frozen margin goes back to the contract book; its TP/SL end with the position) and closes the whole position
// at the mark that crossed; its remaining margin goes to the insurance fund,
// what it cannot pay is taken from the fund (closeIn, perp-fill.ts); when the fund cannot, auto-deleveraging
// (perp-adl.ts).
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { closePart, crossed } from '../../../contract/perp/position.ts';
import { sysAcct } from '../ledger/books.ts';
import { balanceOf } from '../ledger/ledger-repo.ts';
import { deleverage } from './perp-adl.ts';
import { INSURANCE_ACCOUNT, TAKER_RATE, USDT } from './perp-config.ts';
import { tpSlFires } from '../../../contract/perp/tpsl.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { closeIn } from './perp-fill.ts';
import { cancelLimitsForLiquidation } from './perp-limit.ts';
import type { PerpPair } from './perp-grid.ts';
import { positionLiquidated } from './perp-notice.ts';
import {
  crossedPositions,
  mathOf,
  openPositionsOfSymbol,
  positionById,
  reachedTriggers,
  type ExecutionRow,
  type PositionRow,
} from './positions-repo.ts';

const sideOf = (p: PositionRow): 1 | -1 => (p.side === 'long' ? 1 : -1);

/** Liquidates every open position of the pair whose liquidation price `mark` has reached. */
export async function liquidateCrossed(
  db: Db,
  pair: PerpPair,
  mark: bigint,
  now: number,
): Promise<ExecutionRow[]> {
  const out: ExecutionRow[] = [];
  for (const candidate of await crossedPositions(db, pair.symbol, mark)) {
    // Every account a deleveraging may touch is locked in the one call (the global lock order): when the close
    // at the mark would lose more than the margin, the opposite side's accounts too.
    const bankruptAtMark =
      closePart(pair.grid, mathOf(candidate), candidate.qty, mark, TAKER_RATE).shortfall > 0n;
    const others = bankruptAtMark
      ? (await openPositionsOfSymbol(db, pair.symbol))
          .filter((p) => p.side !== candidate.side)
          .map((p) => p.accountId)
      : [];
    const e = await inTx(db, async (tx) => {
      await lockAccounts(tx, [candidate.accountId, ...others]);
      const pos = await positionById(tx, candidate.id);
      if (!pos || pos.status !== 'open' || !crossed(sideOf(pos), pos.liqPrice, mark)) return null;
      await cancelLimitsForLiquidation(tx, pos.accountId, pos.symbol, now);
      // A loss beyond the margin that the insurance fund cannot cover: auto-deleveraging (perp-adl.ts).
      const atMark = closePart(pair.grid, mathOf(pos), pos.qty, mark, TAKER_RATE);
      if (atMark.shortfall > 0n) {
        const fund = await balanceOf(tx, await sysAcct(tx, INSURANCE_ACCOUNT), USDT);
        if (fund < atMark.shortfall) {
          const adl = await deleverage(tx, pair, pos, mark, now);
          const own = adl?.find((x) => x.positionId === pos.id);
          if (own) await positionLiquidated(tx, pair, pos, own, mark, now);
          if (adl) return adl;
        }
      }
      const r = await closeIn(tx, pair, pos, pos.qty, mark, 'liquidation', `sys:liq:${pos.id}`, now);
      await positionLiquidated(tx, pair, pos, r.execution, mark, now);
      return [r.execution];
    });
    if (e) out.push(...e);
  }
  return out;
}

/**
 * Fires the TP/SL triggers the tick reached (on the mark or the last price, as each was set): a reduce-only
 * close of the whole position at market (the bid for a long, the ask for a short). The stop is checked first.
 */
export async function fireTriggers(
  db: Db,
  pair: PerpPair,
  prices: { mark: bigint; last: bigint; bid: bigint; ask: bigint },
  now: number,
): Promise<ExecutionRow[]> {
  const out: ExecutionRow[] = [];
  const hit = (p: PositionRow): 'tp' | 'sl' | null => {
    const ref = (src: 'mark' | 'last') => (src === 'mark' ? prices.mark : prices.last);
    if (p.slPrice !== null && tpSlFires(sideOf(p), 'sl', p.slPrice, ref(p.slSource))) return 'sl';
    if (p.tpPrice !== null && tpSlFires(sideOf(p), 'tp', p.tpPrice, ref(p.tpSource))) return 'tp';
    return null;
  };
  for (const candidate of await reachedTriggers(db, pair.symbol, prices)) {
    if (!hit(candidate)) continue;
    const e = await inTx(db, async (tx) => {
      await lockAccounts(tx, [candidate.accountId]);
      const pos = await positionById(tx, candidate.id);
      const kind = pos && pos.status === 'open' ? hit(pos) : null;
      if (!pos || !kind) return null;
      const price = pos.side === 'long' ? prices.bid : prices.ask;
      const r = await closeIn(
        tx,
        pair,
        pos,
        pos.qty,
        price,
        kind,
        `sys:${kind}:${pos.id}:${pos.updatedAt}`,
        now,
      );
      return r.execution;
    });
    if (e) out.push(e);
  }
  return out;
}
