// A user's IPO actions (POST stock/order/new/apply): apply, cancel, pay. The checks of `apply` run in this
// order and every refusal stores nothing: KYC on the real account (demo may apply without), a retry of the
// same clientId (answers the first application), the offering (exists, subscribing now), the quantity (a
// multiple of the lot, within min / max), the transaction password (a guarded try, as stock orders); then in
// one transaction the row and the freeze of price × qty ("The current account is insufficient for {0}…" when
// the available PKR cannot cover it), refused when the account already has a live application.
//
// Concurrency: each action is one READ COMMITTED transaction that first locks the account (ledger/locks.ts),
// so two actions of one account run one after the other and the second sees the first (the clientId repeat,
// the live application, the state); on PostgreSQL `apply` also reads the offering FOR SHARE, so the
// allotment (which updates that row first: ipo-operator.ts) waits for applications in flight and they, once
// it has begun, see the offering closed. Every state change is conditional on the state it leaves, and every
// posting has an idempotent ref, so nothing is released or spent twice.
import { dialectOf, type Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { freeze, LedgerError, postRecord, settleFrozen, unfreeze } from '../ledger/post.ts';
import {
  findApplicationByClientId,
  findOffering,
  findOwnApplication,
  type ApplicationRow,
  type OfferingRow,
} from './ipo-repo.ts';

export interface IpoCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface ApplyRequest {
  offeringId: number;
  qty: number;
  clientId: string;
  /** checks the transaction password (throws its refusal); called after the cheap checks */
  verifyPassword: () => Promise<void>;
}

export const issuerAccount = (offeringId: number): string => `ipo_issuer_${offeringId}`;

export function isOpen(o: OfferingRow, now: number): boolean {
  return o.phase === 'open' && o.opens_at <= now && now < o.closes_at;
}

export async function offeringForApply(tx: Db, id: number): Promise<OfferingRow | undefined> {
  const q = tx.selectFrom('ipo_offerings').selectAll().where('id', '=', id);
  return (dialectOf(tx) === 'postgres' ? q.forShare() : q).executeTakeFirst();
}

function checkQty(o: OfferingRow, qty: number): void {
  if (qty % o.lot !== 0) throw fieldError('qty', 'ipo.lot', { lot: o.lot });
  if (qty < o.min_shares) throw fieldError('qty', 'ipo.belowMin', { min: o.min_shares });
  if (qty > o.max_shares) throw fieldError('qty', 'ipo.aboveMax', { max: o.max_shares });
}

/**
 * The application row and the freeze of price × qty, inside `tx` (the account locked, the offering read open and
 * no live application found by the caller). "The current account is insufficient for {0}…" when the available
 * PKR cannot cover it. Shared by the user's own application and the automatic one (auto-apply.ts).
 */
export async function insertAndFreeze(
  tx: Db,
  c: IpoCaller,
  offering: OfferingRow,
  qty: number,
  clientId: string,
  now: number,
): Promise<ApplicationRow> {
  const amount = offering.price * BigInt(qty);
  const application = await tx
    .insertInto('ipo_applications')
    .values({
      offering_id: offering.id,
      user_id: c.userId,
      account_id: c.accountId,
      client_id: clientId,
      shares: qty,
      price: offering.price,
      amount,
      state: 'applied',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  try {
    await freeze(tx, {
      kind: 'ipo_freeze',
      ref: `ipo:${application.id}`,
      accountId: c.accountId,
      asset: PKR,
      amount,
      symbol: offering.symbol,
      now,
    });
  } catch (err) {
    if (err instanceof LedgerError && err.reason === 'insufficient')
      throw new AppError('ipo.insufficient', { amount: `${formatMinor(amount, 2)} PKR` });
    throw err;
  }
  return application;
}

export async function applyForIpo(
  db: Db,
  c: IpoCaller,
  req: ApplyRequest,
  now: number,
): Promise<{ application: ApplicationRow; offering: OfferingRow }> {
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const earlier = await findApplicationByClientId(db, c.accountId, req.clientId);
  if (earlier) return { application: earlier, offering: (await findOffering(db, earlier.offering_id))! };
  const o = await findOffering(db, req.offeringId);
  if (!o) throw fieldError('offeringId', 'ipo.notFound');
  if (!isOpen(o, now)) throw new AppError('ipo.notSubscribing');
  checkQty(o, req.qty);
  await req.verifyPassword();

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await findApplicationByClientId(tx, c.accountId, req.clientId);
      if (again) return { application: again, offering: o };
      const offering = await offeringForApply(tx, o.id);
      if (!offering || !isOpen(offering, now)) throw new AppError('ipo.notSubscribing');
      const live = await tx
        .selectFrom('ipo_applications')
        .select('id')
        .where('account_id', '=', c.accountId)
        .where('offering_id', '=', o.id)
        .where('state', '<>', 'cancelled')
        .executeTakeFirst();
      if (live) throw new AppError('ipo.alreadyApplied');
      const application = await insertAndFreeze(tx, c, offering, req.qty, req.clientId, now);
      return { application, offering };
    },
    READ_COMMITTED,
  );
}

async function setState(
  tx: Db,
  a: ApplicationRow,
  from: ApplicationRow['state'],
  set: Partial<Pick<ApplicationRow, 'state' | 'won_shares' | 'auto_paid' | 'listed'>>,
  now: number,
): Promise<ApplicationRow | undefined> {
  return tx
    .updateTable('ipo_applications')
    .set({ ...set, updated_at: now })
    .where('id', '=', a.id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Cancels an application during the window: the frozen amount back at once. Cancelling again changes nothing. */
export async function cancelIpoApplication(
  db: Db,
  c: IpoCaller,
  applicationId: number,
  now: number,
): Promise<{ application: ApplicationRow; offering: OfferingRow }> {
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const a = await findOwnApplication(tx, c.accountId, applicationId);
      if (!a) throw fieldError('applicationId', 'ipo.applicationNotFound');
      const o = (await findOffering(tx, a.offering_id))!;
      if (a.state === 'cancelled') return { application: a, offering: o };
      if (a.state !== 'applied' || !isOpen(o, now)) throw new AppError('ipo.cannotCancel');
      const after = await setState(tx, a, 'applied', { state: 'cancelled' }, now);
      if (!after) throw new AppError('ipo.cannotCancel');
      await unfreeze(tx, {
        kind: 'ipo_refund',
        ref: `cancel:${a.id}`,
        accountId: a.account_id,
        asset: PKR,
        amount: a.amount,
        symbol: o.symbol,
        now,
      });
      return { application: after, offering: o };
    },
    READ_COMMITTED,
  );
}

/**
 * Pays an allotted application inside `tx` (the account locked by the caller): the allotted amount leaves
 * frozen for the issuer's account and the shares arrive in shares_ipo, locked until listing. Answers the row
 * unchanged when it is no longer waiting (paid by the other path first).
 */
export async function payInTx(
  tx: Db,
  a: ApplicationRow,
  o: OfferingRow,
  auto: boolean,
  now: number,
): Promise<{ row: ApplicationRow; changed: boolean }> {
  const after = await setState(tx, a, 'allotted', { state: 'paid', auto_paid: auto ? 1 : 0 }, now);
  if (!after) return { row: a, changed: false };
  const won = BigInt(a.won_shares);
  const tags = { accountId: a.account_id, symbol: o.symbol, now };
  await settleFrozen(tx, {
    ...tags,
    kind: 'ipo_pay',
    ref: `pay:${a.id}`,
    asset: PKR,
    to: [{ system: issuerAccount(o.id), amount: a.price * won }],
  });
  await postRecord(tx, {
    ...tags,
    kind: 'ipo_pay',
    ref: `shares:${a.id}`,
    legs: [
      { system: issuerAccount(o.id), asset: o.symbol, amount: -won },
      { accountId: a.account_id, book: 'shares_ipo', asset: o.symbol, amount: won },
    ],
  });
  return { row: after, changed: true };
}

/** The user confirms the payment of an allotment (any time it is waiting). Paying again changes nothing. */
export async function payIpoApplication(
  db: Db,
  c: IpoCaller,
  applicationId: number,
  now: number,
): Promise<{ application: ApplicationRow; offering: OfferingRow }> {
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const a = await findOwnApplication(tx, c.accountId, applicationId);
      if (!a) throw fieldError('applicationId', 'ipo.applicationNotFound');
      const o = (await findOffering(tx, a.offering_id))!;
      if (a.state === 'paid') return { application: a, offering: o };
      if (a.state !== 'allotted') throw new AppError('ipo.cannotPay');
      const { row } = await payInTx(tx, a, o, false, now);
      return { application: row, offering: o };
    },
    READ_COMMITTED,
  );
}
