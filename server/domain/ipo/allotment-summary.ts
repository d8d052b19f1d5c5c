// The allotment's result per application for the console's IPO screen: each live application's pool (real or
// demo), lots applied for (the lottery count), shares won and whether automatic subscription made it; totals
// over every live application. Cancelled applications are left out (they took no part in the ballot).
import type { IpoAllotmentSummary } from '../../../contract/ipo.ts';
import type { Db } from '../../db/database.ts';
import { autoClientId } from './auto-apply.ts';
import { findOffering } from './ipo-repo.ts';

const LIMIT = 200;

export async function allotmentSummary(db: Db, offeringId: number): Promise<IpoAllotmentSummary | undefined> {
  const o = await findOffering(db, offeringId);
  if (!o) return undefined;
  const live = db
    .selectFrom('ipo_applications as a')
    .where('a.offering_id', '=', offeringId)
    .where('a.state', '<>', 'cancelled');
  const rows = await live
    .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
    .select(['a.id', 'acc.type', 'a.state', 'a.shares', 'a.won_shares', 'a.client_id'])
    .orderBy('a.id')
    .limit(LIMIT)
    .execute();
  const totals = await live
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('a.shares').as('applied'),
      eb.fn.sum<number>('a.won_shares').as('won'),
    ])
    .executeTakeFirstOrThrow();
  return {
    offeringId,
    applications: Number(totals.n),
    lots: Math.floor(Number(totals.applied ?? 0) / o.lot),
    wonQty: Number(totals.won ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      account: r.type === 'demo' ? 'demo' : 'real',
      state: r.state,
      qty: r.shares,
      lots: Math.floor(r.shares / o.lot),
      wonQty: r.won_shares,
      auto: r.client_id === autoClientId(offeringId),
    })),
  };
}
