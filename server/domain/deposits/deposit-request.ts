// A user's deposit request (POST user/recharge/add and coin/recharge/add): the checks in the order the user
// meets them, then one pending record per (user, client id). A retry with the same client id answers the
// first record; the same id for a different request is refused.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { RechargeChannel } from '../../../contract/deposits.ts';
import type { Chain } from '../../../contract/crypto-address.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import type { AttemptGuard } from '../rate-limit/attempt-guard.ts';
import { isWithinHours } from '../settings/hours.ts';
import type { Settings } from '../settings/registry.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { verifyChannelPassword } from './channel-password.ts';
import { newDepositReference } from './deposit-reference.ts';
import { depositByClientId, type DepositRow } from './deposits-repo.ts';
import { activeReceivingAccount } from './receiving-accounts.ts';
import { depositAddressOf } from './deposit-addresses.ts';

export interface Caller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

/** Demo refused, then KYC, then the channel being offered and the hours: shared by every deposit call. */
export async function assertMayDeposit(
  db: Db,
  caller: Caller,
  channel: 'bank' | 'wallet' | 'offline' | 'crypto',
  now: number,
): Promise<Settings> {
  if (caller.accountType !== 'real') throw new AppError('deposit.demo');
  await assertKycVerified(db, caller.userId);
  const settings = await readSettings(db);
  if (!settings['deposit.channels'].includes(channel)) throw new AppError('deposit.channelClosed');
  if (!isWithinHours(settings['deposit.hours'], now)) throw new AppError('deposit.hours');
  return settings;
}

function sameOrRefuse(row: DepositRow, same: boolean): DepositRow {
  if (!same) throw fieldError('clientId', 'deposit.clientIdUsed');
  return row;
}

export interface RechargeInput {
  channel: RechargeChannel;
  amount: string;
  clientId: string;
  receivingAccountId?: string | undefined;
  payer?: string | undefined;
  channelPassword?: string | undefined;
}

/** Creates (or answers again) a pending bank, wallet or offline deposit. */
export async function requestRecharge(
  db: Db,
  guard: AttemptGuard,
  caller: Caller,
  input: RechargeInput,
  now: number,
): Promise<DepositRow> {
  const settings = await assertMayDeposit(db, caller, input.channel, now);
  const amount = parseMinor(input.amount, 2) ?? 0n;
  const earlier = await depositByClientId(db, caller.userId, input.clientId);
  if (earlier) return sameOrRefuse(earlier, earlier.channel === input.channel && earlier.amount === amount);
  const min = parseMinor(settings['deposit.min'], 2) ?? 0n;
  const max = parseMinor(settings['deposit.max'], 2) ?? 0n;
  if (amount <= 0n || amount < min)
    throw fieldError('amount', 'deposit.belowMin', { min: formatMinor(min, 2) });
  if (amount > max) throw fieldError('amount', 'deposit.aboveMax', { max: formatMinor(max, 2) });
  let receivingAccountId: number | null = null;
  if (input.channel === 'bank' || input.channel === 'wallet') {
    if (!input.receivingAccountId) throw fieldError('receivingAccountId', 'deposit.accountRequired');
    const account = await activeReceivingAccount(db, Number(input.receivingAccountId), input.channel);
    if (!account) throw fieldError('receivingAccountId', 'deposit.accountUnknown');
    receivingAccountId = account.id;
  } else {
    if (!input.channelPassword) throw fieldError('channelPassword', 'deposit.passwordRequired');
    await verifyChannelPassword(db, guard, caller.userId, input.channelPassword);
  }
  return inTx(db, async (tx) => {
    const again = await depositByClientId(tx, caller.userId, input.clientId);
    if (again) return sameOrRefuse(again, again.channel === input.channel && again.amount === amount);
    return tx
      .insertInto('deposits')
      .values({
        user_id: caller.userId,
        account_id: caller.accountId,
        client_id: input.clientId,
        channel: input.channel,
        asset: 'PKR',
        amount,
        reference: newDepositReference(),
        receiving_account_id: receivingAccountId,
        payer: input.payer?.trim() ?? '',
        chain: null,
        address: null,
        tx_hash: null,
        status: 'pending',
        reviewed_by: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export interface CoinRechargeInput {
  chain: Chain;
  amount: string;
  clientId: string;
  txHash?: string | undefined;
}

/** The hash in the chain's own form: TRON 64 hex digits, EVM 0x + 64, lower case; null when malformed. */
export function normaliseTxHash(chain: Chain, text: string): string | null {
  const hex = text.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  if (chain === 'TRC20' && text.startsWith('0x')) return null;
  return chain === 'TRC20' ? hex : `0x${hex}`;
}

/** The user tells us about a transfer to their deposit address: a pending crypto record the watcher matches. */
export async function requestCoinRecharge(
  db: Db,
  caller: Caller,
  input: CoinRechargeInput,
  now: number,
): Promise<DepositRow> {
  const settings = await assertMayDeposit(db, caller, 'crypto', now);
  const amount = parseMinor(input.amount, 6) ?? 0n;
  const txHash = input.txHash ? normaliseTxHash(input.chain, input.txHash) : null;
  const earlier = await depositByClientId(db, caller.userId, input.clientId);
  if (earlier) return sameOrRefuse(earlier, earlier.chain === input.chain && earlier.amount === amount);
  const min = parseMinor(settings['deposit.crypto.min'], 6) ?? 0n;
  if (amount <= 0n || amount < min)
    throw fieldError('amount', 'deposit.cryptoBelowMin', { min: settings['deposit.crypto.min'] });
  if (input.txHash && txHash === null) throw fieldError('txHash', 'deposit.txHashBad');
  const address = await depositAddressOf(db, caller.userId, input.chain);
  if (address === null) throw fieldError('chain', 'deposit.noAddress');
  return inTx(db, async (tx) => {
    const again = await depositByClientId(tx, caller.userId, input.clientId);
    if (again) return sameOrRefuse(again, again.chain === input.chain && again.amount === amount);
    if (txHash !== null) {
      const used = await tx
        .selectFrom('deposits')
        .select('id')
        .where('chain', '=', input.chain)
        .where('tx_hash', '=', txHash)
        .executeTakeFirst();
      if (used) throw fieldError('txHash', 'deposit.txHashUsed');
    }
    return tx
      .insertInto('deposits')
      .values({
        user_id: caller.userId,
        account_id: caller.accountId,
        client_id: input.clientId,
        channel: 'crypto',
        asset: 'USDT',
        amount,
        reference: newDepositReference(),
        receiving_account_id: null,
        chain: input.chain,
        address,
        tx_hash: txHash,
        status: 'pending',
        reviewed_by: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
