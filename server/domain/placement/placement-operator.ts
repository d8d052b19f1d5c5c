// An operator's placement work (the console's routes and `backoffice placement …` call these), each audited (one
// operator_audit row per change) in the transaction of the change:
//   create     a new placement of a listed stock (placement-input.ts checks the fields);
//   allocate   after the window, per account kind (real and demo are separate pools over the whole offer):
//              allocation.ts decides; in one transaction per placement: the unallocated part back at once, the
//              allocated part paid from the frozen money to placement_seller_<id>, the shares credited to
//              shares_locked with a share_locks row (unlock_at = the placement's unlock time, so the T+1 engine
//              releases them then), the position's cost updated, and a personal message;
//   investor   set a user's investor type (regular | international): who may apply to international placements.
import type { Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { sql } from 'kysely';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import type { InvestorType, PlacementEligibility } from '../../db/schema-placement.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { PKR } from '../ledger/books.ts';
import { postRecord, settleFrozen, unfreeze } from '../ledger/post.ts';
import { allocate, type AllocationResult } from './allocation.ts';
import { findPlacement, type PlacementApplicationRow, type PlacementRow } from './placement-repo.ts';

export type PlacementRefusal =
  'badPlacement' | 'unknownPlacement' | 'stillSubscribing' | 'alreadyAllocated' | 'unknownUser';

export class PlacementOperatorError extends Error {
  constructor(
    readonly reason: PlacementRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'PlacementOperatorError';
  }
}
export const DAY_MS = 24 * 60 * 60 * 1000;
export const sellerAccount = (placementId: number): string => `placement_seller_${placementId}`;

export interface PlacementInput {
  symbol: string;
  company: string;
  price: bigint;
  totalShares: number;
  lot: number;
  minQty: number;
  opensAt: number;
  closesAt: number;
  allotAt: number;
  lockDays: number;
  eligibility: PlacementEligibility;
  note: string;
}

/** Every rule a placement must satisfy; the first broken one, or null. */
export function placementProblem(i: PlacementInput): string | null {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (i.price <= 0n) return 'price must be positive';
  if (!whole(i.totalShares)) return 'total shares must be a positive whole number';
  if (!whole(i.lot)) return 'lot must be a positive whole number';
  if (!whole(i.minQty)) return 'minimum must be a positive whole number';
  if (i.totalShares % i.lot !== 0) return `total shares must be a multiple of the lot (${i.lot})`;
  if (i.minQty % i.lot !== 0) return `minimum must be a multiple of the lot (${i.lot})`;
  if (i.minQty > i.totalShares) return 'the minimum cannot exceed the shares offered';
  if (!Number.isSafeInteger(i.lockDays) || i.lockDays < 0 || i.lockDays > 3650)
    return 'lock period must be 0-3650 days';
  if (!(i.opensAt < i.closesAt && i.closesAt <= i.allotAt))
    return 'dates must be in order: opens < closes ≤ allocation';
  if (i.note.length > 2000) return 'note must be at most 2000 characters';
  return null;
}

export async function createPlacement(
  db: Db,
  actor: Actor,
  input: PlacementInput,
  now: number,
): Promise<PlacementRow> {
  const problem = placementProblem(input);
  if (problem) throw new PlacementOperatorError('badPlacement', problem);
  return inTx(db, async (tx) => {
    const row = await tx
      .insertInto('placements')
      .values({
        symbol: input.symbol,
        company: input.company,
        price: input.price,
        total_shares: input.totalShares,
        lot: input.lot,
        min_shares: input.minQty,
        opens_at: input.opensAt,
        closes_at: input.closesAt,
        allot_at: input.allotAt,
        lock_days: input.lockDays,
        unlock_at: input.allotAt + input.lockDays * DAY_MS,
        eligibility: input.eligibility,
        note: input.note.trim(),
        created_by: actor.operatorId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor,
      action: 'placement.create',
      subjectType: 'placement',
      subjectId: row.id,
      before: null,
      after: row,
      now,
    });
    return row;
  });
}

export interface AllocationRun {
  placement: PlacementRow;
  /** shares allocated by this run, both pools (the placement's allocated_shares is the real pool's) */
  allocated: number;
  applications: number;
}

/** The shares and their cost join the account's average-cost position (what positions and a sell read). */
async function addToPosition(tx: Db, a: PlacementApplicationRow, symbol: string, now: number): Promise<void> {
  const qty = BigInt(a.won_shares);
  await tx
    .insertInto('stock_positions')
    .values({ account_id: a.account_id, symbol, qty, cost: a.price * qty, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['account_id', 'symbol']).doUpdateSet({
        qty: sql<bigint>`stock_positions.qty + excluded.qty`,
        cost: sql<bigint>`stock_positions.cost + excluded.cost`,
        updated_at: now,
      }),
    )
    .execute();
}

async function allocatePool(
  tx: Db,
  p: PlacementRow,
  apps: readonly PlacementApplicationRow[],
  now: number,
): Promise<AllocationResult> {
  const result = allocate(
    p.total_shares,
    apps.map((a) => ({ id: a.id, qty: a.shares })),
    p.lot,
  );
  const byId = new Map(apps.map((a) => [a.id, a]));
  for (const r of result.allocations) {
    const a = byId.get(r.id)!;
    const won = BigInt(r.allocated);
    const paid = a.price * won;
    const tags = { accountId: a.account_id, symbol: p.symbol, now };
    const changed = await tx
      .updateTable('placement_applications')
      .set({ state: won > 0n ? 'allocated' : 'not_allocated', won_shares: r.allocated, updated_at: now })
      .where('id', '=', a.id)
      .where('state', '=', 'applied')
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) continue;
    if (a.amount - paid > 0n)
      await unfreeze(tx, {
        ...tags,
        kind: 'placement_refund',
        ref: `refund:${a.id}`,
        asset: PKR,
        amount: a.amount - paid,
      });
    if (won > 0n) {
      await settleFrozen(tx, {
        ...tags,
        kind: 'placement_pay',
        ref: `pay:${a.id}`,
        asset: PKR,
        to: [{ system: sellerAccount(p.id), amount: paid }],
      });
      await postRecord(tx, {
        ...tags,
        kind: 'placement_pay',
        ref: `shares:${a.id}`,
        legs: [
          { system: sellerAccount(p.id), asset: p.symbol, amount: -won },
          { accountId: a.account_id, book: 'shares_locked', asset: p.symbol, amount: won },
        ],
      });
      await tx
        .insertInto('share_locks')
        .values({
          account_id: a.account_id,
          symbol: p.symbol,
          qty: won,
          fill_id: null,
          unlock_at: p.unlock_at,
        })
        .execute();
      await addToPosition(tx, { ...a, won_shares: r.allocated }, p.symbol, now);
    }
    await insertMessage(tx, {
      userId: a.user_id,
      kind: 'ipo',
      eventKey: `placement:allocated:${a.id}`,
      textKey: won > 0n ? 'placementAllocated' : 'placementNotAllocated',
      params: { symbol: p.symbol, qty: r.allocated, applied: a.shares },
      link: `${ROUTE_PATHS['stockIPO.ipoRecord']}?tab=placements`,
      now,
    });
  }
  return result;
}

/**
 * Allocates a closed placement. The placement row is claimed first (phase open → allocated), so applications in
 * flight finish before and later ones find it closed; a second run is refused (alreadyAllocated).
 */
export async function allocatePlacement(
  db: Db,
  actor: Actor,
  id: number,
  now: number,
): Promise<AllocationRun> {
  return inTx(
    db,
    async (tx) => {
      const before = await findPlacement(tx, id);
      if (!before) throw new PlacementOperatorError('unknownPlacement', `placement ${id} does not exist`);
      if (before.phase !== 'open')
        throw new PlacementOperatorError('alreadyAllocated', `placement ${id} was allocated already`);
      if (now < before.closes_at)
        throw new PlacementOperatorError(
          'stillSubscribing',
          `placement ${id} is open until ${before.closes_at}`,
        );
      const claimed = await tx
        .updateTable('placements')
        .set({ phase: 'allocated', allocated_at: now, updated_at: now })
        .where('id', '=', id)
        .where('phase', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!claimed)
        throw new PlacementOperatorError('alreadyAllocated', `placement ${id} was allocated already`);
      const apps = await tx
        .selectFrom('placement_applications as a')
        .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
        .selectAll('a')
        .select('acc.type as kind')
        .where('a.placement_id', '=', id)
        .where('a.state', '=', 'applied')
        .orderBy('a.id')
        .execute();
      const real = await allocatePool(
        tx,
        claimed,
        apps.filter((a) => a.kind !== 'demo'),
        now,
      );
      const demo = await allocatePool(
        tx,
        claimed,
        apps.filter((a) => a.kind === 'demo'),
        now,
      );
      const after = await tx
        .updateTable('placements')
        .set({ applied_shares: real.applied, allocated_shares: real.allocated })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(tx, {
        actor,
        action: 'placement.allocate',
        subjectType: 'placement',
        subjectId: id,
        before,
        after: { ...after, rule: real.rule, demo: { applied: demo.applied, allocated: demo.allocated } },
        now,
      });
      return { placement: after, allocated: real.allocated + demo.allocated, applications: apps.length };
    },
    READ_COMMITTED,
  );
}

/** Sets a user's investor type; answers the type now held. Setting the same type again changes nothing. */
export async function setInvestorType(
  db: Db,
  actor: Actor,
  userId: number,
  type: InvestorType,
  now: number,
): Promise<InvestorType> {
  return inTx(db, async (tx) => {
    const user = await tx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new PlacementOperatorError('unknownUser', `user ${userId} does not exist`);
    const before = await tx
      .selectFrom('investor_types')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if ((before?.type ?? 'regular') === type) return type;
    await tx
      .insertInto('investor_types')
      .values({ user_id: userId, type, set_by: actor.operatorId, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ type, set_by: actor.operatorId, updated_at: now }),
      )
      .execute();
    await recordAudit(tx, {
      actor,
      action: 'user.investorType',
      subjectType: 'user',
      subjectId: userId,
      before: { type: before?.type ?? 'regular' },
      after: { type },
      now,
    });
    return type;
  });
}
