// The back-office commands of deposit requests and the simulated chain, on the same functions the operator
// console calls (domain/deposits/deposit-review.ts, sim-chain.ts, channel-password.ts), as the CLI actor.
import type { Db } from '../db/database.ts';
import { formatMinor, parseMinor } from '../../contract/money.ts';
import { isChain } from '../../contract/crypto-address.ts';
import { DEPOSIT_STATUSES, type DepositStatus } from '../../contract/deposits.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import { resolveAccount, type UserRef } from '../domain/backoffice/user-ref.ts';
import { CHANNEL_PASSWORD, setChannelPassword } from '../domain/deposits/channel-password.ts';
import { depositAddressOf } from '../domain/deposits/deposit-addresses.ts';
import { creditDeposit, listDeposits, rejectDeposit } from '../domain/deposits/deposit-review.ts';
import { ASSET_PLACES, type DepositRow } from '../domain/deposits/deposits-repo.ts';
import { simulateIncoming } from '../domain/deposits/sim-chain.ts';
import { AppError } from '../errors.ts';
import { translator } from '../i18n/translator.ts';

/** The back-office command speaks English to the operator. */
const OPERATOR_LANG = 'en-US';

export type Values = Partial<Record<string, string | boolean>>;
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** A refusal of these commands: the message for the operator (English). */
export class DepositCommandError extends Error {}

const str = (values: Values, name: string) => {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
};

function idOf(values: Values): number {
  const id = str(values, 'id') ?? '';
  if (!/^[1-9][0-9]{0,14}$/.test(id)) throw new DepositCommandError(`--id must be a deposit id, got "${id}"`);
  return Number(id);
}

const row = (d: DepositRow) => ({
  id: d.id,
  userId: d.user_id,
  channel: d.channel,
  amount: `${formatMinor(d.amount, ASSET_PLACES[d.asset])} ${d.asset}`,
  reference: d.reference,
  status: d.status,
  bankReference: d.bank_reference,
  reason: d.reason,
  createdAt: new Date(d.created_at).toISOString(),
});

async function review<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError) throw new DepositCommandError(translator.t(OPERATOR_LANG, e.key, e.params));
    throw e;
  }
}

export async function depositsList(db: Db, values: Values, io: Io): Promise<void> {
  const status = str(values, 'status');
  if (status !== undefined && !(DEPOSIT_STATUSES as readonly string[]).includes(status))
    throw new DepositCommandError(`--status must be one of ${DEPOSIT_STATUSES.join(', ')}`);
  const limit = Number(str(values, 'limit') ?? '20');
  const rows = await listDeposits(db, {
    ...(status ? { status: status as DepositStatus } : {}),
    limit: Number.isInteger(limit) ? limit : 20,
  });
  io.out(JSON.stringify({ command: 'deposits', list: rows.map(row) }));
}

export async function depositCredit(db: Db, values: Values, io: Io): Promise<void> {
  const bankReference = str(values, 'ref') ?? '';
  const r = await review(() => creditDeposit(db, CLI_ACTOR, idOf(values), { bankReference }, Date.now()));
  if (!r.changed) io.err(`backoffice: deposit ${r.deposit.id} was already credited; nothing changed`);
  io.out(JSON.stringify({ command: 'deposit-credit', changed: r.changed, deposit: row(r.deposit) }));
}

export async function depositReject(db: Db, values: Values, io: Io): Promise<void> {
  const reason = str(values, 'reason') ?? '';
  const r = await review(() => rejectDeposit(db, CLI_ACTOR, idOf(values), { reason }, Date.now()));
  if (!r.changed) io.err(`backoffice: deposit ${r.deposit.id} was already rejected; nothing changed`);
  io.out(JSON.stringify({ command: 'deposit-reject', changed: r.changed, deposit: row(r.deposit) }));
}

/** A simulated USDT transfer to a customer's deposit address (--phone/--user) or any --address. */
export async function chainSend(db: Db, values: Values, ref: UserRef | null, io: Io): Promise<void> {
  const chain = str(values, 'chain') ?? '';
  if (!isChain(chain)) throw new DepositCommandError('--chain must be TRC20, ERC20 or BEP20');
  const amount = parseMinor(str(values, 'amount') ?? '', 6);
  if (amount === null || amount <= 0n)
    throw new DepositCommandError('--amount must be a USDT amount with at most 6 decimals, e.g. 25.5');
  let address = str(values, 'address');
  if (address === undefined) {
    if (ref === null)
      throw new DepositCommandError('name the customer (--phone or --user) or give --address');
    const { user } = await resolveAccount(db, ref);
    address = (await depositAddressOf(db, user.id, chain)) ?? undefined;
    if (address === undefined)
      throw new DepositCommandError(
        `user ${user.id} has no ${chain} deposit address yet (generate it in the app)`,
      );
  }
  const t = await simulateIncoming(db, chain, address, amount, Date.now());
  io.out(JSON.stringify({ command: 'chain-send', ...t, amount: formatMinor(t.amount, 6) }));
}

export async function channelPassword(db: Db, values: Values, ref: UserRef | null, io: Io): Promise<void> {
  const password = str(values, 'password') ?? '';
  if (!CHANNEL_PASSWORD.test(password))
    throw new DepositCommandError('--password must be 4-32 characters without spaces');
  const userId = ref === null ? null : (await resolveAccount(db, ref)).user.id;
  const r = await setChannelPassword(db, userId, password, null, Date.now());
  io.out(
    JSON.stringify({
      command: 'channel-password',
      scope: userId === null ? 'default' : `user:${userId}`,
      ...r,
    }),
  );
}
