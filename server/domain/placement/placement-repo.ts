// The placement tables (migration 210): reads, the state a placement shows (the operator's phase and the
// clock), who may apply, and the wire shapes. Prices and amounts are bigint paisa; share counts numbers.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { findByClientId, newestFirstPage } from '../../db/owned-rows.ts';
import type { InvestorType, PlacementApplicationsTable, PlacementsTable } from '../../db/schema-placement.ts';
import { formatMinor } from '../../../contract/money.ts';
import {
  PLACEMENT_RULE,
  type Placement,
  type PlacementApplication,
  type PlacementState,
} from '../../../contract/placement.ts';

export type PlacementRow = Selectable<PlacementsTable>;
export type PlacementApplicationRow = Selectable<PlacementApplicationsTable>;

export function placementState(p: PlacementRow, now: number): PlacementState {
  if (p.phase === 'allocated') return 'allocated';
  if (now < p.opens_at) return 'upcoming';
  if (now < p.closes_at) return 'subscribing';
  return 'to_be_allocated';
}

export async function findPlacement(db: Db, id: number): Promise<PlacementRow | undefined> {
  return db.selectFrom('placements').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function investorTypeOf(db: Db, userId: number): Promise<InvestorType> {
  const row = await db
    .selectFrom('investor_types')
    .select('type')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.type ?? 'regular';
}

/** Why the caller may not apply ('' when they may): the message key, resolved by the caller's translator. */
export function whyNotKey(p: PlacementRow, investor: InvestorType | null): string {
  if (investor === null) return 'placement:why.login';
  if (p.eligibility === 'international' && investor !== 'international') return 'placement:why.international';
  return '';
}

export interface Demand {
  qty: number;
  applicants: number;
}

export async function demandOf(db: Db, ids: readonly number[]): Promise<Map<number, Demand>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('placement_applications')
    .select((eb) => ['placement_id', eb.fn.sum<number>('shares').as('n'), eb.fn.countAll<number>().as('c')])
    .where('placement_id', 'in', ids)
    .groupBy('placement_id')
    .execute();
  return new Map(rows.map((r) => [r.placement_id, { qty: Number(r.n), applicants: Number(r.c) }]));
}

export function toPlacement(
  p: PlacementRow,
  d: Demand | undefined,
  now: number,
  texts: { ruleText: string; whyNot: string },
): Placement {
  return {
    id: p.id,
    symbol: p.symbol,
    company: p.company,
    state: placementState(p, now),
    price: formatMinor(p.price, 2),
    totalShares: p.total_shares,
    lot: p.lot,
    minQty: p.min_shares,
    opensAt: p.opens_at,
    closesAt: p.closes_at,
    allotAt: p.allot_at,
    lockDays: p.lock_days,
    unlockAt: p.unlock_at,
    eligibility: p.eligibility,
    note: p.note,
    appliedQty: d?.qty ?? 0,
    applicants: d?.applicants ?? 0,
    allocatedQty: p.allocated_shares,
    allocatedAt: p.allocated_at,
    rule: PLACEMENT_RULE,
    ruleText: texts.ruleText,
    eligible: texts.whyNot === '',
    whyNot: texts.whyNot,
  };
}

/** What an application holds frozen, gave back and paid, from its state (amount = price × shares). */
export function moneyOf(a: PlacementApplicationRow): { frozen: bigint; refunded: bigint; paid: bigint } {
  const won = a.price * BigInt(a.won_shares);
  switch (a.state) {
    case 'applied':
      return { frozen: a.amount, refunded: 0n, paid: 0n };
    case 'allocated':
      return { frozen: 0n, refunded: a.amount - won, paid: won };
    case 'not_allocated':
      return { frozen: 0n, refunded: a.amount, paid: 0n };
  }
}

export function toApplication(
  a: PlacementApplicationRow,
  p: PlacementRow,
  now: number,
): PlacementApplication {
  const m = moneyOf(a);
  return {
    id: a.id,
    clientId: a.client_id,
    placementId: p.id,
    symbol: p.symbol,
    company: p.company,
    state: a.state,
    price: formatMinor(a.price, 2),
    qty: a.shares,
    wonQty: a.won_shares,
    frozen: formatMinor(m.frozen, 2),
    refunded: formatMinor(m.refunded, 2),
    paid: formatMinor(m.paid, 2),
    allotAt: p.allocated_at ?? p.allot_at,
    unlockAt: p.unlock_at,
    unlocked: a.state === 'allocated' && now >= p.unlock_at,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
  };
}

export async function findApplicationByClientId(
  db: Db,
  accountId: number,
  clientId: string,
): Promise<PlacementApplicationRow | undefined> {
  return findByClientId(db, 'placement_applications', 'account_id', accountId, clientId);
}

/** The account's applications with their placements, newest first, one page. */
export async function listOwnApplications(
  db: Db,
  accountId: number,
  q: { state?: PlacementApplicationRow['state'] | undefined; page: number; size: number },
  now: number,
): Promise<{ list: PlacementApplication[]; total: number }> {
  let base = db.selectFrom('placement_applications').where('account_id', '=', accountId);
  if (q.state) base = base.where('state', '=', q.state);
  const { rows, total } = await newestFirstPage(base, q);
  const ids = [...new Set(rows.map((r) => r.placement_id))];
  const placements =
    ids.length === 0 ? [] : await db.selectFrom('placements').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(placements.map((p) => [p.id, p]));
  return {
    list: rows.map((r) => toApplication(r, byId.get(r.placement_id)!, now)),
    total,
  };
}
