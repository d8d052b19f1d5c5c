// A PSX close for one pool: the management fee for the time since the pool's last close is taken from its
// cash (journal `fund_mgmt_fee`, ref fund-fee:<pool>:<close>: the pool's cash → fee_fund; never more than the
// cash the pool has free, the rest waived), then the NAV is computed from the pool's books at the close prices
// and stored (fund_nav, one row per pool and close, with the fee), and every pending request whose dealing close
// has come is converted at that NAV, all in one transaction that locks the pool's and the requesters' accounts:
// - subscription: journal `fund_confirm` (ref fund:N): fund_pending → the pool's cash (net of the entry fee)
//   and the entry fee → fee_fund; units = net ÷ NAV rounded down; redeemable after the lock-in.
// - redemption: journal `fund_redeem` (ref fund:N): the pool's cash → the user's cash, units × NAV rounded down.
//   If the pool's available cash cannot pay it (the strategy keeps cash for the redemptions it knows of), it
//   waits for the next close and is paid at that close's NAV. A paid redemption writes a personal message.
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { postRecord } from '../ledger/post.ts';
import { cashFor, feeOf, navPerUnit, UNIT_DECIMALS, unitsFor } from './nav.ts';
import type { FundRow, PoolRow } from './pools.ts';
import { managementFeeDue, valuePool } from './valuation.ts';

const DAY_MS = 86_400_000;

export interface CloseResult {
  nav: bigint;
  confirmed: number;
  waiting: number;
}

async function addUnits(tx: Db, poolId: number, accountId: number, delta: bigint): Promise<void> {
  const cur = await tx
    .selectFrom('fund_holdings')
    .select('units')
    .where('pool_id', '=', poolId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (cur)
    await tx
      .updateTable('fund_holdings')
      .set({ units: cur.units + delta })
      .where('pool_id', '=', poolId)
      .where('account_id', '=', accountId)
      .execute();
  else
    await tx
      .insertInto('fund_holdings')
      .values({ pool_id: poolId, account_id: accountId, units: delta })
      .execute();
}

/** Settles one pool at the close `closeAt`; undefined when that close was already settled. */
export async function settleClose(
  db: Db,
  poolId: number,
  fund: FundRow,
  closeAt: number,
  price: (symbol: string) => bigint,
  now: number,
): Promise<CloseResult | undefined> {
  return inTx(
    db,
    async (tx) => {
      const first = (await tx
        .selectFrom('fund_pools')
        .selectAll()
        .where('id', '=', poolId)
        .executeTakeFirst())!;
      const pending = await tx
        .selectFrom('fund_orders')
        .selectAll()
        .where('pool_id', '=', poolId)
        .where('state', '=', 'pending')
        .where('deal_at', '<=', closeAt)
        .orderBy('id')
        .execute();
      await lockAccounts(tx, [first.account_id, ...new Set(pending.map((o) => o.account_id))]);
      const done = await tx
        .selectFrom('fund_nav')
        .select('id')
        .where('pool_id', '=', poolId)
        .where('t', '=', closeAt)
        .executeTakeFirst();
      if (done) return undefined;
      const pool: PoolRow = (await tx
        .selectFrom('fund_pools')
        .selectAll()
        .where('id', '=', poolId)
        .executeTakeFirst())!;
      const valued = await valuePool(tx, pool, fund, price);
      const free = valued.cash - (await frozenOf(tx, pool.account_id));
      // The fee of the time since the last close, on the assets before this close's requests.
      const owed = managementFeeDue(pool, fund, valued.assets, closeAt);
      const mgmtFee = owed < free ? owed : free > 0n ? free : 0n;
      if (mgmtFee > 0n) {
        await postRecord(tx, {
          kind: 'fund_mgmt_fee',
          ref: `fund-fee:${pool.id}:${closeAt}`,
          accountId: pool.account_id,
          now,
          legs: [
            { accountId: pool.account_id, book: 'cash', asset: PKR, amount: -mgmtFee },
            { system: 'fee_fund', asset: PKR, amount: mgmtFee },
          ],
        });
      }
      const assets = valued.assets - mgmtFee;
      const v = { ...valued, assets, nav: navPerUnit(assets, valued.units, fund.launch_nav) };
      await tx
        .insertInto('fund_nav')
        .values({ pool_id: pool.id, t: closeAt, assets, units: v.units, nav: v.nav, mgmt_fee: mgmtFee })
        .execute();
      await tx.updateTable('fund_pools').set({ fee_through: closeAt }).where('id', '=', pool.id).execute();
      if (v.nav <= 0n) return { nav: v.nav, confirmed: 0, waiting: pending.length };
      let units = pool.units;
      let cash = free - mgmtFee;
      let confirmed = 0;
      let waiting = 0;
      // subscriptions first: their cash is in the pool before the redemptions of the same close are paid
      const ordered = [
        ...pending.filter((o) => o.side === 'subscribe'),
        ...pending.filter((o) => o.side === 'redeem'),
      ];
      for (const o of ordered) {
        if (o.side === 'subscribe') {
          const fee = feeOf(o.amount, fund.entry_fee_bps);
          const got = unitsFor(o.amount - fee, v.nav);
          await postRecord(tx, {
            kind: 'fund_confirm',
            ref: `fund:${o.id}`,
            accountId: o.account_id,
            now,
            legs: [
              { system: 'fund_pending', asset: PKR, amount: -o.amount },
              { accountId: pool.account_id, book: 'cash', asset: PKR, amount: o.amount - fee },
              { system: 'fee_fund', asset: PKR, amount: fee },
            ],
          });
          await tx
            .updateTable('fund_orders')
            .set({
              state: 'confirmed',
              fee,
              units: got,
              nav: v.nav,
              lock_until: closeAt + fund.lock_days * DAY_MS,
              confirmed_at: now,
            })
            .where('id', '=', o.id)
            .execute();
          await addUnits(tx, pool.id, o.account_id, got);
          units += got;
          cash += o.amount - fee;
          confirmed++;
        } else {
          const pay = cashFor(o.units, v.nav);
          if (pay > cash) {
            waiting++;
            continue;
          }
          await postRecord(tx, {
            kind: 'fund_redeem',
            ref: `fund:${o.id}`,
            accountId: o.account_id,
            now,
            legs: [
              { accountId: pool.account_id, book: 'cash', asset: PKR, amount: -pay },
              { accountId: o.account_id, book: 'cash', asset: PKR, amount: pay },
            ],
          });
          await tx
            .updateTable('fund_orders')
            .set({ state: 'confirmed', amount: pay, nav: v.nav, confirmed_at: now })
            .where('id', '=', o.id)
            .execute();
          await addUnits(tx, pool.id, o.account_id, -o.units);
          units -= o.units;
          cash -= pay;
          confirmed++;
          await insertMessage(tx, {
            userId: o.user_id,
            kind: 'fund',
            eventKey: `fund:redeemed:${o.id}`,
            textKey: 'fundRedeemed',
            params: {
              fund: fund.name_en,
              fundUr: fund.name_ur,
              units: formatMinor(o.units, UNIT_DECIMALS),
              nav: formatMinor(v.nav, 2),
              amount: formatMinor(pay, 2),
            },
            link: `${ROUTE_PATHS['robot.list']}?tab=funds&fund=${fund.id}`,
            now,
          });
        }
      }
      await tx.updateTable('fund_pools').set({ units }).where('id', '=', pool.id).execute();
      return { nav: v.nav, confirmed, waiting };
    },
    { isolation: 'read committed' },
  );
}

async function frozenOf(tx: Db, accountId: number): Promise<bigint> {
  const row = await tx
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select('b.amount')
    .where('a.account_id', '=', accountId)
    .where('a.name', '=', 'frozen')
    .where('b.asset', '=', 'PKR')
    .executeTakeFirst();
  return row?.amount ?? 0n;
}
