// Reads and writes of vip_memberships and vip_purchases (migration 130), on SQLite and PostgreSQL alike.
import { dialectOf, type Db } from '../../db/database.ts';
import { findByClientId } from '../../db/owned-rows.ts';
import type { MembershipFacts } from './vip-status.ts';
import { NO_MEMBERSHIP } from './vip-status.ts';

export interface MembershipRow extends MembershipFacts {
  strategyService: boolean;
}

const EMPTY: MembershipRow = { ...NO_MEMBERSHIP, strategyService: false };

/** The user's membership (none yet: the empty one). `lock` takes the row FOR UPDATE on PostgreSQL. */
export async function readMembership(db: Db, userId: number, lock = false): Promise<MembershipRow> {
  const q = db.selectFrom('vip_memberships').selectAll().where('user_id', '=', userId);
  const row = await (lock && dialectOf(db) === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  if (!row) return EMPTY;
  return {
    kind: row.kind,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    trialUsed: row.trial_used === 1,
    strategyService: row.strategy_service === 1,
  };
}

/** Makes the user's row if it is missing (so it can be locked): nothing changes when it exists. */
export async function ensureMembershipRow(db: Db, userId: number, now: number): Promise<void> {
  await db
    .insertInto('vip_memberships')
    .values({ user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findPurchaseByClientId(db: Db, userId: number, clientId: string) {
  return findByClientId(db, 'vip_purchases', 'user_id', userId, clientId);
}

/** Switches the strategy service of a user; returns the value before. */
export async function setStrategyService(db: Db, userId: number, on: boolean, now: number): Promise<boolean> {
  await ensureMembershipRow(db, userId, now);
  const before = await readMembership(db, userId, true);
  await db
    .updateTable('vip_memberships')
    .set({ strategy_service: on ? 1 : 0, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  return before.strategyService;
}
