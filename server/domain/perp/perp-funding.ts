// Funding of one interval for one pair (contract/perp/funding.ts), once: the perp_funding row (symbol,
// interval start) is written in the same transaction, so a repeat on another node or after a restart changes
// nothing. Payments come out of and go into each position's isolated margin (as on Binance's isolated mode;
// the liquidation price moves with it) through the system account funding_clearing, which every interval
// leaves at exactly zero: payers pay ceil, receivers get floor (scaled down when the paying side owes more than
// the other is due), and the rounding remainder goes to the insurance fund. A payer never pays more than its
// margin; what it cannot pay is taken from the remainder (the fund covers it when that turns negative).
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { settleFunding } from '../../../contract/perp/funding.ts';
import { liquidationPrice } from '../../../contract/perp/position.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { postRecords, type RecordInput } from '../ledger/post.ts';
import { INSURANCE_ACCOUNT, TAKER_RATE, USDT } from './perp-config.ts';
import type { PerpPair } from './perp-grid.ts';
import { mathOf, openPositionsOfSymbol, updatePosition } from './positions-repo.ts';

export const FUNDING_CLEARING = 'funding_clearing';

export interface FundingResult {
  rate: bigint;
  payments: number;
  toFund: bigint;
  /** the accounts whose positions paid or received (their margins changed) */
  accounts: number[];
}

/** Settles the interval starting at `intervalAt` for the pair at `mark` and `rate`; null when already done. */
export async function settleInterval(
  db: Db,
  pair: PerpPair,
  intervalAt: number,
  mark: bigint,
  rate: bigint,
  now: number,
): Promise<FundingResult | null> {
  return inTx(db, async (tx) => {
    const first = await openPositionsOfSymbol(tx, pair.symbol);
    await lockAccounts(
      tx,
      first.map((p) => p.accountId),
    );
    const done = await tx
      .selectFrom('perp_funding')
      .select('symbol')
      .where('symbol', '=', pair.symbol)
      .where('interval_at', '=', intervalAt)
      .executeTakeFirst();
    if (done) return null;
    const positions = await openPositionsOfSymbol(tx, pair.symbol);
    // a position opened since the first read (PostgreSQL): its account too (ids already held are skipped)
    await lockAccounts(
      tx,
      positions.map((p) => p.accountId),
    );
    const s = settleFunding(
      pair.grid,
      positions.map((p) => ({ side: p.side === 'long' ? (1 as const) : (-1 as const), qty: p.qty })),
      mark,
      rate,
    );
    let toFund = s.toFund;
    const records: RecordInput[] = [];
    for (const [i, p] of positions.entries()) {
      let amount = s.amounts[i]!;
      if (amount > p.margin) {
        toFund -= amount - p.margin;
        amount = p.margin;
      }
      if (amount === 0n) continue;
      const margin = p.margin - amount;
      await updatePosition(
        tx,
        p.id,
        { margin, liqPrice: liquidationPrice(pair.grid, pair.tiers, { ...mathOf(p), margin }, TAKER_RATE) },
        now,
      );
      records.push({
        kind: 'perp_funding',
        ref: `funding:${pair.symbol}:${intervalAt}:${p.id}`,
        accountId: p.accountId,
        symbol: pair.symbol,
        now,
        legs: [
          { accountId: p.accountId, book: 'contract_margin', asset: USDT, amount: -amount },
          { system: FUNDING_CLEARING, asset: USDT, amount },
        ],
      });
    }
    await postRecords(tx, records);
    if (toFund !== 0n && positions.length > 0)
      await postRecords(tx, [
        {
          kind: 'perp_funding',
          ref: `funding:${pair.symbol}:${intervalAt}:fund`,
          accountId: positions[0]!.accountId,
          symbol: pair.symbol,
          memo: 'funding rounding remainder to the insurance fund',
          now,
          legs: [
            { system: FUNDING_CLEARING, asset: USDT, amount: -toFund },
            { system: INSURANCE_ACCOUNT, asset: USDT, amount: toFund },
          ],
        },
      ]);
    await tx
      .insertInto('perp_funding')
      .values({
        symbol: pair.symbol,
        interval_at: intervalAt,
        rate: Number(rate),
        price: mark,
        to_fund: toFund,
        created_at: now,
      })
      .execute();
    return {
      rate,
      payments: records.length,
      toFund,
      accounts: [...new Set(positions.map((p) => p.accountId))],
    };
  });
}
