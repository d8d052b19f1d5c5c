// A user's fund requests, both priced at the NEXT NAV (forward pricing): the NAV of the first PSX close after
// the request (its dealing close, `deal_at`; the cut-off is that close itself). Cheap checks run first and every
// refusal stores nothing. A subscription's money leaves the user's cash at once (journal `fund_subscribe`: cash
// → the system account fund_pending, ref fund:N) and becomes units at its close (close.ts). A redemption
// earmarks units (only units past their lock-in) and is paid at its close. One effect per (account, clientId).
import type { Selectable } from 'kysely';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { findByClientId, findOwn } from '../../db/owned-rows.ts';
import type { FundOrdersTable } from '../../db/schema.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, postRecord } from '../ledger/post.ts';
import type { Dealing } from './dealing.ts';
import { cashFor, UNIT_DECIMALS } from './nav.ts';
import { ensurePool, findFund, findPool, type FundRow, type Kind } from './pools.ts';

export type FundOrderRow = Selectable<FundOrdersTable>;

export interface FundCaller {
  userId: number;
  accountId: number;
  accountType: Kind;
}
const PKT_OFFSET_MS = 5 * 3_600_000;

/** The close a request made at `now` is priced at: the first dealing point (PSX close) after it. */
export function dealingClose(dealing: Dealing, now: number): number {
  const c = dealing.next(now);
  if (c === null) throw new AppError('fund.noClose');
  return c;
}

async function byClientId(db: Db, accountId: number, clientId: string): Promise<FundOrderRow | undefined> {
  return findByClientId(db, 'fund_orders', 'account_id', accountId, clientId);
}

export async function findOwnFundOrder(db: Db, accountId: number, id: number) {
  if (!Number.isSafeInteger(id)) return undefined;
  return findOwn(db, 'fund_orders', 'account_id', accountId, id);
}

/** Units the account holds in the pool, and of them the ones free to redeem now (past the lock-in, not asked). */
export async function unitsOf(
  db: Db,
  poolId: number,
  accountId: number,
  now: number,
): Promise<{ held: bigint; free: bigint; pendingRedeem: bigint; nextUnlock: number | null }> {
  const rows = await db
    .selectFrom('fund_orders')
    .select(['side', 'state', 'units', 'lock_until'])
    .where('pool_id', '=', poolId)
    .where('account_id', '=', accountId)
    .execute();
  let unlocked = 0n;
  let held = 0n;
  let redeemed = 0n;
  let pendingRedeem = 0n;
  let nextUnlock: number | null = null;
  for (const r of rows) {
    if (r.side === 'subscribe' && r.state === 'confirmed') {
      held += r.units;
      if ((r.lock_until ?? 0) <= now) unlocked += r.units;
      else if (nextUnlock === null || r.lock_until! < nextUnlock) nextUnlock = r.lock_until;
    } else if (r.side === 'redeem') {
      redeemed += r.units;
      if (r.state === 'pending') pendingRedeem += r.units;
      else held -= r.units;
    }
  }
  // every redemption took unlocked units, and units once unlocked stay so
  const free = unlocked - redeemed;
  return { held, free: free > 0n ? free : 0n, pendingRedeem, nextUnlock };
}

/** Pending subscriptions + units at the latest NAV: what the single limit counts. */
async function openValue(db: Db, poolId: number, accountId: number, now: number): Promise<bigint> {
  const pending = await db
    .selectFrom('fund_orders')
    .select(['amount'])
    .where('pool_id', '=', poolId)
    .where('account_id', '=', accountId)
    .where('side', '=', 'subscribe')
    .where('state', '=', 'pending')
    .execute();
  const u = await unitsOf(db, poolId, accountId, now);
  const last = await db
    .selectFrom('fund_nav')
    .select('nav')
    .where('pool_id', '=', poolId)
    .orderBy('t', 'desc')
    .limit(1)
    .executeTakeFirst();
  return pending.reduce((s, r) => s + r.amount, 0n) + cashFor(u.held, last?.nav ?? 0n);
}

export interface SubscribeRequest {
  fundId: number;
  amount: string;
  clientId: string;
  verifyPassword: () => Promise<void>;
  dealing: Dealing;
}

export async function subscribe(
  db: Db,
  c: FundCaller,
  req: SubscribeRequest,
  now: number,
): Promise<{ order: FundOrderRow; fund: FundRow; created: boolean }> {
  const fund = await findFund(db, req.fundId);
  if (!fund) throw fieldError('fundId', 'fund.notFound');
  const earlier = await byClientId(db, c.accountId, req.clientId);
  if (earlier) return { order: earlier, fund, created: false };
  if (fund.enabled !== 1) throw new AppError('fund.disabled');
  const amount = parseMinor(req.amount, 2);
  if (amount === null || amount <= 0n) throw fieldError('amount', 'fund.amountZero');
  if (amount < fund.min_subscribe)
    throw fieldError('amount', 'fund.belowMin', { min: formatMinor(fund.min_subscribe, 2) });
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  await req.verifyPassword();
  const pool = await ensurePool(db, fund.id, c.accountType, now);
  const dealAt = dealingClose(req.dealing, now);

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await byClientId(tx, c.accountId, req.clientId);
      if (again) return { order: again, fund, created: false };
      const open = await openValue(tx, pool.id, c.accountId, now);
      if (open + amount > fund.single_limit)
        throw new AppError('fund.singleLimit', {
          limit: formatMinor(fund.single_limit, 2),
          left: formatMinor(fund.single_limit > open ? fund.single_limit - open : 0n, 2),
        });
      const order = await tx
        .insertInto('fund_orders')
        .values({
          pool_id: pool.id,
          fund_id: fund.id,
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          side: 'subscribe',
          state: 'pending',
          amount,
          units: 0n,
          deal_at: dealAt,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await postRecord(tx, {
          kind: 'fund_subscribe',
          ref: `fund:${order.id}`,
          accountId: c.accountId,
          now,
          legs: [
            { accountId: c.accountId, book: 'cash', asset: PKR, amount: -amount },
            { system: 'fund_pending', asset: PKR, amount },
          ],
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('fund.insufficient', { amount: formatMinor(amount, 2) });
        throw err;
      }
      return { order, fund, created: true };
    },
    READ_COMMITTED,
  );
}

export interface RedeemRequest {
  fundId: number;
  units: string;
  clientId: string;
  verifyPassword: () => Promise<void>;
  dealing: Dealing;
}

function tooMany(u: { free: bigint; nextUnlock: number | null }, units: bigint): AppError | null {
  if (units <= u.free) return null;
  if (u.nextUnlock !== null)
    return fieldError('units', 'fund.locked', {
      free: formatMinor(u.free, UNIT_DECIMALS),
      until: new Date(u.nextUnlock + PKT_OFFSET_MS).toISOString().slice(0, 10), // the date in Pakistan
    });
  return fieldError('units', 'fund.notEnoughUnits', { free: formatMinor(u.free, UNIT_DECIMALS) });
}

export async function redeem(
  db: Db,
  c: FundCaller,
  req: RedeemRequest,
  now: number,
): Promise<{ order: FundOrderRow; fund: FundRow; created: boolean }> {
  const fund = await findFund(db, req.fundId);
  if (!fund) throw fieldError('fundId', 'fund.notFound');
  const earlier = await byClientId(db, c.accountId, req.clientId);
  if (earlier) return { order: earlier, fund, created: false };
  const units = parseMinor(req.units, UNIT_DECIMALS);
  if (units === null || units <= 0n) throw fieldError('units', 'fund.unitsZero');
  const pool = await findPool(db, fund.id, c.accountType);
  if (!pool) throw fieldError('units', 'fund.notEnoughUnits', { free: formatMinor(0n, UNIT_DECIMALS) });
  const refusal = tooMany(await unitsOf(db, pool.id, c.accountId, now), units);
  if (refusal) throw refusal;
  await req.verifyPassword();
  const dealAt = dealingClose(req.dealing, now);
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await byClientId(tx, c.accountId, req.clientId);
      if (again) return { order: again, fund, created: false };
      const late = tooMany(await unitsOf(tx, pool.id, c.accountId, now), units);
      if (late) throw late;
      const order = await tx
        .insertInto('fund_orders')
        .values({
          pool_id: pool.id,
          fund_id: fund.id,
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          side: 'redeem',
          state: 'pending',
          amount: 0n,
          units,
          deal_at: dealAt,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, fund, created: true };
    },
    READ_COMMITTED,
  );
}
