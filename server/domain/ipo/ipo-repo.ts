// The IPO tables (migration 110): reads, the state an offering shows (derived from the operator's phase and
// the clock, contract/ipo.ts) and the wire shapes. Prices and amounts are bigint paisa; share counts numbers.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { findByClientId, findOwn, newestFirstPage } from '../../db/owned-rows.ts';
import type { IpoApplicationsTable, IpoOfferingsTable } from '../../db/schema.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { IpoApplication, IpoOffering, OfferingState } from '../../../contract/ipo.ts';
import { ALLOTMENT_RULE } from './allotment.ts';

export type OfferingRow = Selectable<IpoOfferingsTable>;
export type ApplicationRow = Selectable<IpoApplicationsTable>;

export function offeringState(o: OfferingRow, now: number): OfferingState {
  if (o.phase === 'listed') return 'listed';
  if (o.phase === 'allotted') return 'allotted';
  if (now < o.opens_at) return 'upcoming';
  if (now < o.closes_at) return 'subscribing';
  return 'to_be_allocated';
}

export async function findOffering(db: Db, id: number): Promise<OfferingRow | undefined> {
  return db.selectFrom('ipo_offerings').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface Demand {
  qty: number;
  applicants: number;
}

/** Shares applied for and applicants so far (live applications: not cancelled), per offering. */
/**
 * Applications and applicants per offering. `kind` counts one account kind only: the public screens show the
 * real accounts' demand, so demo applications (automatic ones included) never inflate it; the console, with no
 * kind, sees both pools together.
 */
export async function demandOf(
  db: Db,
  ids: readonly number[],
  kind?: 'real' | 'demo',
): Promise<Map<number, Demand>> {
  if (ids.length === 0) return new Map();
  let q = db
    .selectFrom('ipo_applications as a')
    .select((eb) => [
      'a.offering_id',
      eb.fn.sum<number>('a.shares').as('n'),
      eb.fn.countAll<number>().as('c'),
    ])
    .where('a.offering_id', 'in', ids)
    .where('a.state', '<>', 'cancelled');
  if (kind) q = q.innerJoin('accounts as acc', 'acc.id', 'a.account_id').where('acc.type', '=', kind);
  const rows = await q.groupBy('a.offering_id').execute();
  return new Map(rows.map((r) => [r.offering_id, { qty: Number(r.n), applicants: Number(r.c) }]));
}

/** applied ÷ offered with 2 decimals, rounded down, from integers only. */
export function ratioText(applied: number, offered: number): string {
  const hundredths = (BigInt(applied) * 100n) / BigInt(offered);
  return formatMinor(hundredths, 2);
}

export function toOffering(
  o: OfferingRow,
  d: Demand | undefined,
  now: number,
  ruleText: string,
): IpoOffering {
  const allotted = o.phase !== 'open';
  return {
    id: o.id,
    symbol: o.symbol,
    company: o.company,
    sector: o.sector,
    shariah: o.shariah === 1,
    state: offeringState(o, now),
    price: formatMinor(o.price, 2),
    priceFloor: o.price_floor === null ? '' : formatMinor(o.price_floor, 2),
    priceCap: o.price_cap === null ? '' : formatMinor(o.price_cap, 2),
    totalShares: o.total_shares,
    retailShares: o.retail_shares,
    lot: o.lot,
    minQty: o.min_shares,
    maxQty: o.max_shares,
    opensAt: o.opens_at,
    closesAt: o.closes_at,
    allotAt: o.allot_at,
    payBy: o.pay_by,
    listAt: o.list_at,
    prospectus: o.prospectus,
    appliedQty: d?.qty ?? 0,
    applicants: d?.applicants ?? 0,
    rule: ALLOTMENT_RULE,
    ruleText,
    seed: o.seed,
    oversubscription: allotted ? ratioText(o.applied_shares, o.retail_shares) : '',
    allottedQty: o.allotted_shares,
    allottedAt: o.allotted_at,
    listedAt: o.listed_at,
  };
}

/** What an application holds frozen, gave back and paid, from its state (amount = price × shares). */
export function moneyOf(a: ApplicationRow): { frozen: bigint; refunded: bigint; paid: bigint } {
  const won = a.price * BigInt(a.won_shares);
  switch (a.state) {
    case 'applied':
      return { frozen: a.amount, refunded: 0n, paid: 0n };
    case 'allotted':
      return { frozen: won, refunded: a.amount - won, paid: 0n };
    case 'paid':
      return { frozen: 0n, refunded: a.amount - won, paid: won };
    case 'not_allotted':
    case 'cancelled':
      return { frozen: 0n, refunded: a.amount, paid: 0n };
  }
}

export function toApplication(a: ApplicationRow, o: OfferingRow): IpoApplication {
  const m = moneyOf(a);
  return {
    id: a.id,
    clientId: a.client_id,
    offeringId: o.id,
    symbol: o.symbol,
    company: o.company,
    state: a.state,
    price: formatMinor(a.price, 2),
    qty: a.shares,
    lots: Math.floor(a.shares / o.lot),
    wonQty: a.won_shares,
    frozen: formatMinor(m.frozen, 2),
    refunded: formatMinor(m.refunded, 2),
    paid: formatMinor(m.paid, 2),
    autoPaid: a.auto_paid === 1,
    closesAt: o.closes_at,
    payBy: o.pay_by,
    allotAt: o.allotted_at ?? o.allot_at,
    listAt: o.listed_at ?? o.list_at,
    listed: a.listed === 1,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
  };
}

export async function findApplicationByClientId(
  db: Db,
  accountId: number,
  clientId: string,
): Promise<ApplicationRow | undefined> {
  return findByClientId(db, 'ipo_applications', 'account_id', accountId, clientId);
}

/** The account's application by id; another account's id reads exactly like a missing one. */
export async function findOwnApplication(
  db: Db,
  accountId: number,
  id: number,
): Promise<ApplicationRow | undefined> {
  return findOwn(db, 'ipo_applications', 'account_id', accountId, id);
}

/** The account's applications with their offerings, newest first, one page. */
export async function listOwnApplications(
  db: Db,
  accountId: number,
  q: { state?: ApplicationRow['state'] | undefined; page: number; size: number },
): Promise<{ list: IpoApplication[]; total: number }> {
  let base = db.selectFrom('ipo_applications').where('account_id', '=', accountId);
  if (q.state) base = base.where('state', '=', q.state);
  const { rows, total } = await newestFirstPage(base, q);
  const ids = [...new Set(rows.map((r) => r.offering_id))];
  const offerings =
    ids.length === 0 ? [] : await db.selectFrom('ipo_offerings').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(offerings.map((o) => [o.id, o]));
  return { list: rows.map((r) => toApplication(r, byId.get(r.offering_id)!)), total };
}
