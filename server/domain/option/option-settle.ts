// Settlement of expired options (leader only: option-runner.ts). Each due option is settled in its own
// transaction: the row moves open → settled only if it is still open (so two passes, or a pass after a
// restart, settle it once), the payoff max(0, S − K) / max(0, K − S) × qty goes from option_writer to the
// account's cash under the ref option-settle:<id> (a repeat posts nothing), and the user is told.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { formatMinor } from '../../../contract/money.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { PKR } from '../ledger/books.ts';
import { postRecord } from '../ledger/post.ts';
import { WRITER } from './option-buy.ts';
import type { OptionRow } from './option-repo.ts';
import { payoffMinor, pnlRatioPercent } from './pricing.ts';

const BATCH = 200;

/** Settles one option at `price` (paisa); false when it was settled already. */
export async function settleOption(db: Db, id: number, price: bigint, now: number): Promise<boolean> {
  return inTx(db, async (tx) => {
    const row = await tx
      .updateTable('option_orders')
      .set({ state: 'settled', settled_at: now, expiry_price: price })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const payoff = payoffMinor(row.direction, row.strike, price, row.qty);
    await tx.updateTable('option_orders').set({ payoff }).where('id', '=', id).execute();
    await postRecord(tx, {
      kind: 'option_payoff',
      ref: `option-settle:${id}`,
      accountId: row.account_id,
      symbol: row.symbol,
      now,
      legs: [
        { system: WRITER, asset: PKR, amount: -payoff },
        { accountId: row.account_id, book: 'cash', asset: PKR, amount: payoff },
      ],
    });
    await insertMessage(tx, {
      userId: row.user_id,
      kind: 'option',
      eventKey: `option:settled:${id}`,
      textKey: 'optionSettled',
      params: {
        symbol: row.symbol,
        strike: formatMinor(row.strike, 2),
        price: formatMinor(price, 2),
        payoff: formatMinor(payoff, 2),
        ratio: pnlRatioPercent(row.premium, payoff),
      },
      link: `${ROUTE_PATHS['stock.order']}?mode=option&tab=records`,
      now,
    });
    return true;
  });
}

/**
 * Settles every open option whose expiry has come (≤ now) at the price `priceOf` gives (paisa; 0 = unpriced:
 * left for a later pass). Answers how many were settled.
 */
export async function settleDue(db: Db, priceOf: (symbol: string) => bigint, now: number): Promise<number> {
  let n = 0;
  for (;;) {
    const due: Pick<OptionRow, 'id' | 'symbol'>[] = await db
      .selectFrom('option_orders')
      .select(['id', 'symbol'])
      .where('state', '=', 'open')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let progressed = false;
    for (const d of due) {
      const price = priceOf(d.symbol);
      if (price <= 0n) continue;
      if (await settleOption(db, d.id, price, now)) n++;
      progressed = true;
    }
    if (due.length < BATCH || !progressed) return n;
  }
}
