// A user's commitment to a token sale (POST coin/order/new/apply). The checks run in this order and every
// refusal stores nothing: KYC on the real account (demo may commit without), a retry of the same clientId
// (answers the first commitment), the sale (exists, subscribing now), the amount (min ≤ amount ≤ per-user cap),
// the transaction password (a guarded try, as stock orders and IPO applications); then in one transaction the
// row and the freeze of the USDT in the spot account ("not enough USDT" when the available USDT cannot cover
// it), refused when the account has committed to this sale already.
//
// Concurrency (as ipo-apply.ts): one READ COMMITTED transaction that first locks the account, so two commits of
// one account run one after the other and the second sees the first; on PostgreSQL the sale row is read FOR
// SHARE, so the distribution (which updates it first) waits for commits in flight and later ones find it closed.
import { dialectOf, type Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { USDT } from '../../../contract/spot-rules.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { freeze, LedgerError } from '../ledger/post.ts';
import { findCommitmentByClientId, findSale, usdt, type CommitmentRow, type SaleRow } from './ico-repo.ts';

export interface IcoCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface CommitRequest {
  saleId: number;
  /** micro-USDT */
  amount: bigint;
  clientId: string;
  /** checks the transaction password (throws its refusal); called after the cheap checks */
  verifyPassword: () => Promise<void>;
}

function isOpen(s: SaleRow, now: number): boolean {
  return s.phase === 'open' && s.opens_at <= now && now < s.closes_at;
}

async function saleForCommit(tx: Db, id: number): Promise<SaleRow | undefined> {
  const q = tx.selectFrom('ico_sales').selectAll().where('id', '=', id);
  return (dialectOf(tx) === 'postgres' ? q.forShare() : q).executeTakeFirst();
}

export async function commitToSale(
  db: Db,
  c: IcoCaller,
  req: CommitRequest,
  now: number,
): Promise<{ commitment: CommitmentRow; sale: SaleRow }> {
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const earlier = await findCommitmentByClientId(db, c.accountId, req.clientId);
  if (earlier) return { commitment: earlier, sale: (await findSale(db, earlier.sale_id))! };
  const s = await findSale(db, req.saleId);
  if (!s) throw fieldError('saleId', 'ico.notFound');
  if (!isOpen(s, now)) throw new AppError('ico.notSubscribing');
  if (req.amount < s.ico_min) throw fieldError('amount', 'ico.belowMin', { min: `${usdt(s.ico_min)} USDT` });
  if (req.amount > s.ico_cap) throw fieldError('amount', 'ico.aboveCap', { cap: `${usdt(s.ico_cap)} USDT` });
  await req.verifyPassword();

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await findCommitmentByClientId(tx, c.accountId, req.clientId);
      if (again) return { commitment: again, sale: s };
      const sale = await saleForCommit(tx, s.id);
      if (!sale || !isOpen(sale, now)) throw new AppError('ico.notSubscribing');
      const mine = await tx
        .selectFrom('ico_commitments')
        .select('id')
        .where('account_id', '=', c.accountId)
        .where('sale_id', '=', s.id)
        .executeTakeFirst();
      if (mine) throw new AppError('ico.alreadyCommitted');
      const commitment = await tx
        .insertInto('ico_commitments')
        .values({
          sale_id: s.id,
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          amount: req.amount,
          state: 'committed',
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await freeze(tx, {
          kind: 'ico_freeze',
          ref: `ico:${commitment.id}`,
          accountId: c.accountId,
          asset: USDT,
          amount: req.amount,
          symbol: sale.token,
          now,
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('ico.insufficient', { amount: `${usdt(req.amount)} USDT` });
        throw err;
      }
      return { commitment, sale };
    },
    READ_COMMITTED,
  );
}
