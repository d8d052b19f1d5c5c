// The back-office `withdraw list|approve|reject` command, on the same functions the operator console calls
// (domain/withdrawals/withdrawal-review.ts): list the queue, pay a withdrawal (frozen → clearing and the fee
// account, with the bank reference or, for crypto, a transaction hash: empty makes a simulated one), or reject
// it (frozen → available, with the reason the user sees). Each decision is audited as the CLI actor.
import type { Db } from '../db/database.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  WithdrawalReviewError,
} from '../domain/withdrawals/withdrawal-review.ts';
import { toWithdrawal } from '../domain/withdrawals/withdrawals-repo.ts';
import { BackofficeError } from '../domain/backoffice/user-ref.ts';
import { WITHDRAW_STATUSES, type WithdrawStatus } from '../../contract/withdraw.ts';

export const WITHDRAW_ACTIONS = ['list', 'approve', 'reject'] as const;
export type WithdrawAction = (typeof WITHDRAW_ACTIONS)[number];

export const WITHDRAW_USAGE = `  withdraw list [--status ${WITHDRAW_STATUSES.join('|')}] [--limit N]
          withdrawals newest first (default: pending, 20)
  withdraw approve --id N [--ref BANK-REF | TX-HASH]
          mark paid: frozen amount to clearing_<channel>, fees to fee_withdraw (crypto: no --ref simulates
          the broadcast and makes a hash); approving a paid one again changes nothing
  withdraw reject --id N --reason TEXT
          give amount + fees back to available; the user sees the reason`;

export const WITHDRAW_OPTIONS: Record<WithdrawAction, readonly string[]> = {
  list: ['status', 'limit'],
  approve: ['id', 'ref'],
  reject: ['id', 'reason'],
};

type Values = Partial<Record<string, string | boolean>>;
const str = (v: Values, k: string): string | undefined => (typeof v[k] === 'string' ? v[k] : undefined);

/** Runs `withdraw <action>`; a usage problem is reported through `usage`, a refusal as a BackofficeError. */
export async function withdrawCommand(
  db: Db,
  action: WithdrawAction,
  values: Values,
  out: (line: string) => void,
  err: (line: string) => void,
  usage: (message: string) => Error,
): Promise<void> {
  const idOf = (): number => {
    const id = str(values, 'id') ?? '';
    if (!/^[1-9][0-9]{0,14}$/.test(id)) throw usage(`--id must be a withdrawal id, got "${id}"`);
    return Number(id);
  };
  try {
    if (action === 'list') {
      const status = str(values, 'status') ?? 'pending';
      if (!(WITHDRAW_STATUSES as readonly string[]).includes(status))
        throw usage(`--status must be one of ${WITHDRAW_STATUSES.join(', ')}, got "${status}"`);
      const limit = str(values, 'limit') ?? '20';
      if (!/^[1-9][0-9]{0,2}$/.test(limit)) throw usage(`--limit must be 1 to 999, got "${limit}"`);
      const rows = await listWithdrawals(db, { status: status as WithdrawStatus, limit: Number(limit) });
      out(
        JSON.stringify({
          command: 'withdraw list',
          withdrawals: rows.map((r) => ({ userId: r.user_id, ...toWithdrawal(r) })),
        }),
      );
      return;
    }
    const id = idOf();
    const now = Date.now();
    const r =
      action === 'approve'
        ? await approveWithdrawal(db, CLI_ACTOR, id, { reference: str(values, 'ref') ?? '' }, now)
        : await rejectWithdrawal(db, CLI_ACTOR, id, { reason: str(values, 'reason') ?? '' }, now);
    if (!r.changed) err(`backoffice: withdrawal ${id} is already ${r.withdrawal.status}; nothing changed`);
    out(JSON.stringify({ command: `withdraw ${action}`, changed: r.changed, ...toWithdrawal(r.withdrawal) }));
  } catch (e) {
    if (e instanceof WithdrawalReviewError) {
      const reason =
        e.reason === 'badReason' ? 'badReason' : e.reason === 'badReference' ? 'badReference' : 'badStatus';
      throw new BackofficeError(reason, e.message);
    }
    throw e;
  }
}
