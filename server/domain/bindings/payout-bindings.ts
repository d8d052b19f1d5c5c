// Bank accounts and mobile wallets a user's withdrawals may go to (payout_bindings): add, list, read, soft
// delete. Every query is scoped by the caller's user id, so another user's id answers like a missing one.
// Adding checks, in order: KYC verified (nothing else is read before), a retried client id (same details →
// the same row; other details → refused), the number, the title against the verified KYC name, a live
// duplicate, the cap; the last two and the insert run in one transaction so two racing adds cannot pass both.
import {
  BINDING_CAPS,
  WALLET_NAMES,
  type BankAddBody,
  type Binding,
  type WalletProvider,
} from '../../../contract/bank.ts';
import type { Db } from '../../db/database.ts';
import type { PayoutBindingsTable } from '../../db/schema.ts';
import { inTx } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { assertKycVerified, verifiedKycName } from '../kyc/kyc-state.ts';
import {
  bankNameOf,
  readIban,
  readWalletNumber,
  showNumber,
  titleMatches,
  type Checked,
} from './binding-rules.ts';

interface BindingRow {
  id: number;
  kind: PayoutBindingsTable['kind'];
  provider: string;
  number: string;
  title: string;
  created_at: number;
  client_id: string | null;
}

const COLUMNS = ['id', 'kind', 'provider', 'number', 'title', 'created_at', 'client_id'] as const;

export function toBinding(row: BindingRow): Binding {
  const providerName =
    row.kind === 'bank'
      ? bankNameOf(row.provider)
      : (WALLET_NAMES[row.provider as WalletProvider] ?? row.provider);
  return {
    id: Number(row.id),
    kind: row.kind,
    provider: row.provider,
    providerName,
    number: row.number,
    display: showNumber(row.kind, row.number),
    title: row.title,
    createdAt: Number(row.created_at),
  };
}

function orRefuse<T>(field: string, checked: Checked<T>): T {
  if (!checked.ok) throw fieldError(field, checked.key, checked.params ?? {});
  return checked.value;
}

/** What the body asks to bind: kind, provider (bank code or wallet) and the stored number. */
function readTarget(body: BankAddBody): { kind: 'bank' | 'wallet'; provider: string; number: string } {
  if (body.kind === 'bank') {
    if (!body.iban) throw fieldError('iban', 'bank.ibanMissing');
    const { iban, bankCode } = orRefuse('iban', readIban(body.iban));
    return { kind: 'bank', provider: bankCode, number: iban };
  }
  if (!body.provider) throw fieldError('provider', 'bank.providerMissing');
  if (!body.number) throw fieldError('number', 'bank.walletNumber');
  return {
    kind: 'wallet',
    provider: body.provider,
    number: orRefuse('number', readWalletNumber(body.number)),
  };
}

export async function addBinding(db: Db, userId: number, body: BankAddBody, now: number): Promise<Binding> {
  await assertKycVerified(db, userId);
  const target = readTarget(body);
  const title = body.title.trim().replace(/\s+/gu, ' ');
  return inTx(db, async (tx) => {
    const retried = await tx
      .selectFrom('payout_bindings')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('client_id', '=', body.clientId)
      .executeTakeFirst();
    if (retried) {
      const same =
        retried.kind === target.kind &&
        retried.number === target.number &&
        retried.provider === target.provider;
      if (!same) throw fieldError('clientId', 'bank.clientIdReused');
      return toBinding(retried);
    }
    const name = await verifiedKycName(tx, userId);
    if (name === null) throw new AppError('kyc.required');
    if (!titleMatches(title, name)) throw fieldError('title', 'bank.titleMismatch', { name });
    const live = await tx
      .selectFrom('payout_bindings')
      .select(['number', 'kind'])
      .where('user_id', '=', userId)
      .where('kind', '=', target.kind)
      .where('deleted_at', 'is', null)
      .execute();
    const field = target.kind === 'bank' ? 'iban' : 'number';
    if (live.some((r) => r.number === target.number))
      throw fieldError(field, `bank.duplicate.${target.kind}`);
    if (live.length >= BINDING_CAPS[target.kind])
      throw new AppError(`bank.cap.${target.kind}`, { max: BINDING_CAPS[target.kind] });
    const row = await tx
      .insertInto('payout_bindings')
      .values({ user_id: userId, ...target, title, created_at: now, client_id: body.clientId })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toBinding(row);
  });
}

/** The user's live bindings of `kind` (or both), newest first. */
export async function listBindings(
  db: Db,
  userId: number,
  kind: 'bank' | 'wallet' | 'all',
): Promise<Binding[]> {
  let q = db
    .selectFrom('payout_bindings')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (kind !== 'all') q = q.where('kind', '=', kind);
  return (await q.orderBy('id', 'desc').execute()).map(toBinding);
}

/** The user's live binding `id`; another user's or a deleted one is refused as not found. */
export async function findBinding(db: Db, userId: number, id: number): Promise<Binding> {
  const row = await db
    .selectFrom('payout_bindings')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw fieldError('id', 'bank.notFound');
  return toBinding(row);
}

/** Soft-deletes the user's live binding `id` (withdrawals copy their destination: no money depends on it). */
export async function deleteBinding(db: Db, userId: number, id: number, now: number): Promise<void> {
  const res = await db
    .updateTable('payout_bindings')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw fieldError('id', 'bank.notFound');
}
