// A user's withdrawal request (POST user/withdraw/add for PKR to a bound bank account or wallet, POST
// coin/withdraw/add for USDT to a saved crypto address). The checks run in the spec's order and every refusal
// stores nothing: real account (demo accounts have no withdrawals), KYC, a retry of the same clientId (answers
// the first record), the destination (the caller's own live binding or address; another user's id reads like
// a missing one), the withdrawal password (set, not locked, correct: a guarded try), the hours (PKR and
// crypto have their own), min / max,
// the daily maximum (of the asset), then the row and the freeze of amount + fees in one transaction ('Insufficient
// Balance' when the available balance cannot cover it).
//
// The fee is on top of the amount (contract/withdraw-fee.ts): the destination receives `amount`. A crypto
// withdrawal pays the chain's network fee (settings crypto.withdrawFee.<chain>) and no platform fee.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { feeRatePpm, withdrawFee } from '../../../contract/withdraw-fee.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { freeze } from '../ledger/post.ts';
import { LedgerError } from '../ledger/ledger-repo.ts';
import type { AttemptGuard } from '../rate-limit/attempt-guard.ts';
import { isWithinHours } from '../settings/hours.ts';
import { readSettings } from '../settings/settings-repo.ts';
import type { Settings } from '../settings/registry.ts';
import { withdrawSecret } from './withdraw-password.ts';
import { findByClientId, SCALE, usedToday, USDT, type WithdrawalRow } from './withdrawals-repo.ts';

export interface WithdrawCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface WithdrawRequest {
  /** a payout_bindings id (PKR) or a crypto_addresses id (USDT) */
  target: { kind: 'binding'; id: number } | { kind: 'address'; id: number };
  amount: string;
  password: string;
  clientId: string;
}

interface Destination {
  channel: 'bank' | 'wallet' | 'crypto';
  asset: 'PKR' | 'USDT';
  provider: string;
  number: string;
  title: string;
  chain: string;
  address: string;
}

async function destinationOf(
  db: Db,
  userId: number,
  target: WithdrawRequest['target'],
): Promise<Destination> {
  if (target.kind === 'binding') {
    const b = await db
      .selectFrom('payout_bindings')
      .select(['kind', 'provider', 'number', 'title'])
      .where('id', '=', target.id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!b) throw fieldError('bindingId', 'withdraw.bindingMissing');
    return {
      channel: b.kind,
      asset: PKR,
      provider: b.provider,
      number: b.number,
      title: b.title,
      chain: '',
      address: '',
    };
  }
  const a = await db
    .selectFrom('crypto_addresses')
    .select(['chain', 'address'])
    .where('id', '=', target.id)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'withdraw')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!a) throw fieldError('addressId', 'withdraw.addressMissing');
  return {
    channel: 'crypto',
    asset: USDT,
    provider: '',
    number: '',
    title: '',
    chain: a.chain,
    address: a.address,
  };
}

/** The hours that apply: the banks' (withdraw.hours) to PKR, crypto's own (crypto.withdrawHours) to USDT. */
export function hoursKeyOf(asset: 'PKR' | 'USDT'): 'withdraw.hours' | 'crypto.withdrawHours' {
  return asset === PKR ? 'withdraw.hours' : 'crypto.withdrawHours';
}

interface Limits {
  min: bigint;
  max: bigint;
  fee: (amount: bigint) => bigint;
  networkFee: bigint;
  dailyMax: bigint;
  /** the refusal past the daily maximum (its text names the unit) */
  dailyMaxKey: 'withdraw.dailyMax' | 'withdraw.cryptoDailyMax';
}

function limitsOf(s: Settings, d: Destination): Limits {
  const must = (v: bigint | null): bigint => v ?? 0n; // the registry's patterns make every value parse
  if (d.asset === PKR) {
    const ppm = must(feeRatePpm(s['withdraw.feeRate']));
    const feeMin = must(parseMinor(s['withdraw.feeMin'], 2));
    return {
      min: must(parseMinor(s['withdraw.min'], 2)),
      max: must(parseMinor(s['withdraw.max'], 2)),
      fee: (amount) => withdrawFee(amount, ppm, feeMin),
      networkFee: 0n,
      dailyMax: must(parseMinor(s['withdraw.dailyMax'], 2)),
      dailyMaxKey: 'withdraw.dailyMax',
    };
  }
  const chain = d.chain as 'TRC20' | 'ERC20' | 'BEP20';
  return {
    min: must(parseMinor(s['crypto.withdrawMin'], 6)),
    max: must(parseMinor(s['crypto.withdrawMax'], 6)),
    fee: () => 0n,
    networkFee: must(parseMinor(s[`crypto.withdrawFee.${chain}`], 6)),
    dailyMax: must(parseMinor(s['crypto.withdrawDailyMax'], 6)),
    dailyMaxKey: 'withdraw.cryptoDailyMax',
  };
}

/** Checks, then stores the withdrawal and freezes amount + fees; a retried clientId answers the first record. */
export async function requestWithdrawal(
  db: Db,
  guard: AttemptGuard,
  c: WithdrawCaller,
  req: WithdrawRequest,
  now: number,
): Promise<WithdrawalRow> {
  if (c.accountType !== 'real') throw new AppError('withdraw.demo');
  await assertKycVerified(db, c.userId);
  const earlier = await findByClientId(db, c.userId, req.clientId);
  if (earlier) return earlier;
  const dest = await destinationOf(db, c.userId, req.target);
  const scale = SCALE[dest.asset];
  const amount = parseMinor(req.amount, scale);
  if (amount === null || amount <= 0n) throw fieldError('amount', 'withdraw.amountZero');
  await withdrawSecret.verify(db, guard, c.userId, req.password, now);

  const settings = await readSettings(db);
  if (!isWithinHours(settings[hoursKeyOf(dest.asset)], now)) throw new AppError('withdraw.closed');
  const lim = limitsOf(settings, dest);
  const unit = dest.asset;
  if (amount < lim.min)
    throw fieldError('amount', 'withdraw.belowMin', { min: formatMinor(lim.min, scale), unit });
  if (amount > lim.max)
    throw fieldError('amount', 'withdraw.aboveMax', { max: formatMinor(lim.max, scale), unit });
  const fee = lim.fee(amount);
  const total = amount + fee + lim.networkFee;

  return inTx(db, async (tx) => {
    const again = await findByClientId(tx, c.userId, req.clientId);
    if (again) return again;
    const used = await usedToday(tx, c.userId, dest.asset, now);
    if (used + amount > lim.dailyMax) {
      const left = used >= lim.dailyMax ? 0n : lim.dailyMax - used;
      throw fieldError('amount', lim.dailyMaxKey, {
        max: formatMinor(lim.dailyMax, scale),
        left: formatMinor(left, scale),
      });
    }
    const row = await tx
      .insertInto('withdrawals')
      .values({
        user_id: c.userId,
        account_id: c.accountId,
        client_id: req.clientId,
        channel: dest.channel,
        asset: dest.asset,
        amount,
        fee,
        network_fee: lim.networkFee,
        provider: dest.provider,
        number: dest.number,
        title: dest.title,
        chain: dest.chain,
        address: dest.address,
        status: 'pending',
        reviewed_by: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      await freeze(tx, {
        kind: 'withdraw_freeze',
        ref: `withdraw:${row.id}`,
        accountId: c.accountId,
        asset: dest.asset,
        amount: total,
        now,
      });
    } catch (err) {
      if (err instanceof LedgerError && err.reason === 'insufficient')
        throw new AppError('withdraw.insufficient');
      throw err;
    }
    return row;
  });
}
