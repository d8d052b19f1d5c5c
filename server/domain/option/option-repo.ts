// The option_orders rows (migration 230): reads scoped by the caller's account (another user's id reads like a
// missing one), the wire form (contract/option.ts OptionOrder) and the statistics.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { findByClientId as findOwnByClientId, newestFirstPage } from '../../db/owned-rows.ts';
import type { OptionOrdersTable } from '../../db/schema.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { OptionOrder, OptionState, OptionStatistics } from '../../../contract/option.ts';
import { fixed, percentOf, pnlRatioPercent } from './pricing.ts';

export type OptionRow = Selectable<OptionOrdersTable>;

const pkr = (m: bigint): string => formatMinor(m, 2);

export async function findByClientId(
  db: Db,
  accountId: number,
  clientId: string,
): Promise<OptionRow | undefined> {
  return findOwnByClientId(db, 'option_orders', 'account_id', accountId, clientId);
}

export function toOptionOrder(r: OptionRow): OptionOrder {
  const settled = r.state === 'settled' && r.payoff !== null && r.expiry_price !== null;
  return {
    id: r.id,
    clientId: r.client_id,
    symbol: r.symbol,
    direction: r.direction,
    term: r.term_days,
    qty: Number(r.qty),
    strike: pkr(r.strike),
    unitPrice: fixed(r.unit_price, 4),
    premium: pkr(r.premium),
    sigma: percentOf(r.sigma),
    rate: percentOf(r.rate),
    spreadBps: r.spread_bps,
    volDays: r.vol_days,
    state: r.state,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    settledAt: r.settled_at,
    expiryPrice: settled ? pkr(r.expiry_price!) : '',
    payoff: settled ? pkr(r.payoff!) : '',
    pnl: settled ? pkr(r.payoff! - r.premium) : '',
    pnlRatio: settled ? pnlRatioPercent(r.premium, r.payoff!) : '',
  };
}

export async function listOwnOptions(
  db: Db,
  accountId: number,
  q: { state?: OptionState | undefined; page: number; size: number },
): Promise<{ list: OptionOrder[]; total: number }> {
  let base = db.selectFrom('option_orders').where('account_id', '=', accountId);
  if (q.state) base = base.where('state', '=', q.state);
  const { rows, total } = await newestFirstPage(base, q);
  return { list: rows.map(toOptionOrder), total };
}

/** Counts and sums over every option of the account, from the rows themselves (premium and payoff paid). */
export async function optionStatistics(db: Db, accountId: number): Promise<OptionStatistics> {
  const rows = await db
    .selectFrom('option_orders')
    .select(['state', 'premium', 'payoff'])
    .where('account_id', '=', accountId)
    .execute();
  let open = 0;
  let settled = 0;
  let won = 0;
  let premiumOpen = 0n;
  let premiumSettled = 0n;
  let payoff = 0n;
  for (const r of rows) {
    if (r.state === 'open') {
      open++;
      premiumOpen += r.premium;
      continue;
    }
    settled++;
    premiumSettled += r.premium;
    const p = r.payoff ?? 0n;
    payoff += p;
    if (p > r.premium) won++;
  }
  return {
    open,
    settled,
    won,
    lost: settled - won,
    premiumOpen: pkr(premiumOpen),
    premiumSettled: pkr(premiumSettled),
    payoff: pkr(payoff),
    realisedPnl: pkr(payoff - premiumSettled),
  };
}
