// Funds and their pools. A pool is the fund's money of one account kind (real or demo): an `accounts` row of
// type 'robot' (the trading engine's child-account type) owned by the system user SYSTEM_PHONE, with that
// user's real or demo account as parent. The system user (status 0, an unusable password hash: it cannot sign
// in) and the pools are made on first use, so a database without fund activity holds none of them.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FundPoolsTable, FundProductsTable } from '../../db/schema.ts';
import { inTx } from '../../db/tx.ts';

export type FundRow = Selectable<FundProductsTable>;
export type PoolRow = Selectable<FundPoolsTable>;
export type Kind = 'real' | 'demo';

export const SYSTEM_PHONE = 'system:funds';

export interface BasketWeight {
  symbol: string;
  weightBps: number;
}

export function basketOf(f: FundRow): BasketWeight[] {
  const raw = JSON.parse(f.basket_json) as unknown;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((x: unknown) => {
    const o = x as { symbol?: unknown; weightBps?: unknown };
    return typeof o.symbol === 'string' && typeof o.weightBps === 'number'
      ? [{ symbol: o.symbol, weightBps: o.weightBps }]
      : [];
  });
}

export async function listFunds(db: Db): Promise<FundRow[]> {
  return db.selectFrom('fund_products').selectAll().orderBy('id').execute();
}

export async function findFund(db: Db, id: number): Promise<FundRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return db.selectFrom('fund_products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPool(db: Db, fundId: number, kind: Kind): Promise<PoolRow | undefined> {
  return db
    .selectFrom('fund_pools')
    .selectAll()
    .where('fund_id', '=', fundId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

async function systemAccount(tx: Db, kind: Kind, now: number): Promise<number> {
  let user = await tx.selectFrom('users').select('id').where('phone', '=', SYSTEM_PHONE).executeTakeFirst();
  user ??= await tx
    .insertInto('users')
    .values({
      area_code: '92',
      phone: SYSTEM_PHONE,
      account: SYSTEM_PHONE,
      password_hash: '!',
      status: 0,
      invite_code: 'SYSFUNDS',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const acct = await tx
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', kind)
    .executeTakeFirst();
  if (acct) return acct.id;
  const made = await tx
    .insertInto('accounts')
    .values({ user_id: user.id, type: kind, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

/** The fund's pool of this kind, made (with the system user) if it does not exist yet. */
export async function ensurePool(db: Db, fundId: number, kind: Kind, now: number): Promise<PoolRow> {
  const found = await findPool(db, fundId, kind);
  if (found) return found;
  try {
    return await inTx(db, async (tx) => {
      const again = await findPool(tx, fundId, kind);
      if (again) return again;
      const parent = await systemAccount(tx, kind, now);
      const sysUser = await tx
        .selectFrom('accounts')
        .select('user_id')
        .where('id', '=', parent)
        .executeTakeFirstOrThrow();
      const acct = await tx
        .insertInto('accounts')
        .values({ user_id: sysUser.user_id, type: 'robot', parent_account_id: parent, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return tx
        .insertInto('fund_pools')
        .values({ fund_id: fundId, kind, account_id: acct.id, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    // another request made it at the same moment (a unique key): use theirs
    const raced = await findPool(db, fundId, kind);
    if (raced) return raced;
    throw err;
  }
}

export async function allPools(db: Db): Promise<Array<PoolRow & { fund: FundRow }>> {
  const [pools, funds] = await Promise.all([
    db.selectFrom('fund_pools').selectAll().orderBy('id').execute(),
    listFunds(db),
  ]);
  const byId = new Map(funds.map((f) => [f.id, f]));
  return pools.flatMap((p) => {
    const fund = byId.get(p.fund_id);
    return fund ? [{ ...p, fund }] : [];
  });
}
