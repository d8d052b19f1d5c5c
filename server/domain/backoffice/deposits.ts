// Back-office deposit confirmation: when a bank, offline or wallet deposit is confirmed outside the app, the
// operator credits the customer's REAL PKR cash book from the channel's clearing account — one balanced
// journal (kind 'deposit', so the funds detail types it 'deposit'), one effect per reference.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { cashOf, PKR } from '../ledger/books.ts';
import { postRecord } from '../ledger/post.ts';
import { CLI_ACTOR, recordAudit } from '../audit/audit-log.ts';
import { BackofficeError, resolveAccount, type UserRef } from './user-ref.ts';
import { depositDecided } from '../content/event-messages.ts';

export const DEPOSIT_KIND = 'deposit';
export const DEPOSIT_CHANNELS = ['bank', 'offline', 'wallet'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];
/** PKR 1 trillion: far above any real deposit, so an amount with extra digits is a typo, not a credit. */
export const MAX_DEPOSIT_PAISA = 100_000_000_000_000n;
/** Bank and receipt references: letters, digits and . _ : / # - (no spaces), up to 64 characters. */
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._:/#-]{0,63}$/;
const MEMO_MAX = 200;

/** The system account a channel's confirmed deposits are credited from (reconciled against that channel). */
export function clearingAccountName(channel: DepositChannel): string {
  return `clearing_${channel}`;
}

export interface DepositInput extends UserRef {
  /** integer paisa (a JS number must be a safe integer) */
  amountPaisa: bigint | number;
  /** the bank / receipt reference: a second credit with the same reference has no effect */
  reference: string;
  channel: DepositChannel;
  /** operator's note kept with the journal */
  memo?: string;
}

export interface DepositResult {
  /** false when the reference had already been credited (nothing changed) */
  created: boolean;
  journalId: number;
  userId: number;
  accountId: number;
  channel: DepositChannel;
  reference: string;
  amountPaisa: bigint;
  /** the account's available cash after the deposit */
  balancePaisa: bigint;
}

/** "50000.00" → 5000000n paisa exactly; refuses anything but a plain positive decimal with ≤ 2 decimals. */
export function parsePkrAmount(text: string): bigint {
  const paisa = parseMinor(text.trim(), 2);
  if (paisa === null) {
    throw new BackofficeError(
      'badAmount',
      `amount must be a plain PKR amount with at most 2 decimals, e.g. 50000.00 (got "${text}")`,
    );
  }
  return checkAmount(paisa);
}

function checkAmount(amount: bigint | number): bigint {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) {
    throw new BackofficeError('badAmount', `amount must be a whole number of paisa, got ${amount}`);
  }
  const paisa = BigInt(amount);
  if (paisa <= 0n) throw new BackofficeError('badAmount', 'amount must be more than 0');
  if (paisa > MAX_DEPOSIT_PAISA) {
    throw new BackofficeError(
      'badAmount',
      `amount ${formatMinor(paisa, 2)} is above the limit of ${formatMinor(MAX_DEPOSIT_PAISA, 2)}`,
    );
  }
  return paisa;
}

function checkInput(input: DepositInput): { amount: bigint; memo: string } {
  const amount = checkAmount(input.amountPaisa);
  if (!REFERENCE.test(input.reference)) {
    throw new BackofficeError(
      'badReference',
      `reference must be 1-64 letters, digits or . _ : / # - (got "${input.reference}")`,
    );
  }
  if (!(DEPOSIT_CHANNELS as readonly string[]).includes(input.channel)) {
    throw new BackofficeError(
      'badChannel',
      `channel must be one of ${DEPOSIT_CHANNELS.join(', ')} (got "${String(input.channel)}")`,
    );
  }
  const note = input.memo?.trim() ?? '';
  if (note.length > MEMO_MAX) throw new BackofficeError('badReason', `memo is longer than ${MEMO_MAX}`);
  return { amount, memo: JSON.stringify({ channel: input.channel, note }) };
}

interface CreditedRow {
  journalId: number;
  accountId: number;
  amount: bigint;
  source: string;
}

/** What an earlier deposit with this reference credited: the user cash posting and its clearing account. */
async function earlierDeposit(db: Db, reference: string): Promise<CreditedRow | undefined> {
  const row = await db
    .selectFrom('ledger_journals as j')
    .innerJoin('ledger_postings as up', 'up.journal_id', 'j.id')
    .innerJoin('ledger_accounts as ua', (join) =>
      join.onRef('ua.id', '=', 'up.ledger_account_id').on('ua.owner', '=', 'user'),
    )
    .innerJoin('ledger_postings as sp', 'sp.journal_id', 'j.id')
    .innerJoin('ledger_accounts as sa', (join) =>
      join.onRef('sa.id', '=', 'sp.ledger_account_id').on('sa.owner', '=', 'system'),
    )
    .select(['j.id as journalId', 'ua.account_id as accountId', 'up.amount as amount', 'sa.name as source'])
    .where('j.kind', '=', DEPOSIT_KIND)
    .where('j.ref', '=', reference)
    .orderBy('up.id')
    .executeTakeFirst();
  return row && { ...row, accountId: row.accountId ?? 0 };
}

/**
 * Credits a confirmed deposit to the customer's real account in one transaction (inTx). The same
 * reference again (same customer, amount and channel) returns the first credit with `created: false`; the
 * same reference for anything else is refused ('referenceConflict'). Demo accounts are refused.
 */
export async function creditDeposit(
  db: Db,
  input: DepositInput,
  now: number = Date.now(),
): Promise<DepositResult> {
  const { amount, memo } = checkInput(input);
  return inTx(db, async (tx) => {
    const { user, accountId, accountType } = await resolveAccount(tx, input);
    if (accountType !== 'real') {
      throw new BackofficeError(
        'demoAccount',
        `account ${accountId} is a demo account: deposits go to real accounts`,
      );
    }
    const result = async (journalId: number, created: boolean): Promise<DepositResult> => ({
      created,
      journalId,
      userId: user.id,
      accountId,
      channel: input.channel,
      reference: input.reference,
      amountPaisa: amount,
      balancePaisa: await cashOf(tx, accountId),
    });
    const earlier = await earlierDeposit(tx, input.reference);
    if (earlier) {
      const same =
        earlier.accountId === accountId &&
        earlier.amount === amount &&
        earlier.source === clearingAccountName(input.channel);
      if (!same) {
        throw new BackofficeError(
          'referenceConflict',
          `reference ${input.reference} was already credited (journal ${earlier.journalId}: ` +
            `${formatMinor(earlier.amount, 2)} PKR to account ${earlier.accountId} from ${earlier.source})`,
        );
      }
      return result(earlier.journalId, false);
    }
    const { journalId } = await postRecord(tx, {
      kind: DEPOSIT_KIND,
      ref: input.reference,
      accountId,
      memo,
      now,
      legs: [
        { system: clearingAccountName(input.channel), asset: PKR, amount: -amount },
        { accountId, book: 'cash', asset: PKR, amount },
      ],
    });
    await depositDecided(
      tx,
      { id: journalId ?? 0, user_id: user.id, asset: 'PKR', amount, reason: '' },
      'credited',
      now,
      `deposit:direct:${input.reference}`,
    );
    // The direct credit (no request in the app) is a CLI-only path; it is audited like every operator action.
    await recordAudit(tx, {
      actor: CLI_ACTOR,
      action: 'deposit.directCredit',
      subjectType: 'account',
      subjectId: accountId,
      before: null,
      after: { channel: input.channel, reference: input.reference, amount, journalId },
      now,
    });
    // amount > 0 was checked, so postRecord always posts
    return result(journalId ?? 0, true);
  });
}
