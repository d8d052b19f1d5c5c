// A user's placement application (POST stock/order/offline/apply). The checks run in this order and every
// refusal stores nothing: KYC on the real account, a retry of the same clientId (answers the first
// application), the placement (exists, subscribing now), who may apply (eligibility), the quantity (a multiple
// of the lot, at least the minimum, at most what is offered), the transaction password; then in one
// transaction the row and the freeze of price × qty ("The current account is insufficient for {0}…" when the
// available PKR cannot cover it), refused when the account has applied already.
//
// Concurrency as domain/ipo/ipo-apply.ts: one READ COMMITTED transaction that locks the account first, so two
// applications of one account run one after the other; on PostgreSQL the placement is read FOR SHARE, so the
// allocation (which updates that row first) waits for applications in flight. The unique indexes
// (account, clientId) and (account, placement) make a duplicate impossible even so.
import { dialectOf, type Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { freeze, LedgerError } from '../ledger/post.ts';
import {
  findApplicationByClientId,
  findPlacement,
  investorTypeOf,
  whyNotKey,
  type PlacementApplicationRow,
  type PlacementRow,
} from './placement-repo.ts';

export interface PlacementCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface PlacementApplyRequest {
  placementId: number;
  qty: number;
  clientId: string;
  /** checks the transaction password (throws its refusal); called after the cheap checks */
  verifyPassword: () => Promise<void>;
}

function isOpen(p: PlacementRow, now: number): boolean {
  return p.phase === 'open' && p.opens_at <= now && now < p.closes_at;
}

export function checkQty(p: PlacementRow, qty: number): void {
  if (qty % p.lot !== 0) throw fieldError('qty', 'placement.lot', { lot: p.lot });
  if (qty < p.min_shares) throw fieldError('qty', 'placement.belowMin', { min: p.min_shares });
  if (qty > p.total_shares) throw fieldError('qty', 'placement.aboveTotal', { max: p.total_shares });
}

export async function applyForPlacement(
  db: Db,
  c: PlacementCaller,
  req: PlacementApplyRequest,
  now: number,
): Promise<{ application: PlacementApplicationRow; placement: PlacementRow }> {
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const earlier = await findApplicationByClientId(db, c.accountId, req.clientId);
  if (earlier) return { application: earlier, placement: (await findPlacement(db, earlier.placement_id))! };
  const p = await findPlacement(db, req.placementId);
  if (!p) throw fieldError('placementId', 'placement.notFound');
  if (!isOpen(p, now)) throw new AppError('placement.notSubscribing');
  if (whyNotKey(p, await investorTypeOf(db, c.userId)) !== '') throw new AppError('placement.notEligible');
  checkQty(p, req.qty);
  await req.verifyPassword();

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await findApplicationByClientId(tx, c.accountId, req.clientId);
      if (again) return { application: again, placement: p };
      const q = tx.selectFrom('placements').selectAll().where('id', '=', p.id);
      const placement = await (dialectOf(tx) === 'postgres' ? q.forShare() : q).executeTakeFirst();
      if (!placement || !isOpen(placement, now)) throw new AppError('placement.notSubscribing');
      const applied = await tx
        .selectFrom('placement_applications')
        .select('id')
        .where('account_id', '=', c.accountId)
        .where('placement_id', '=', p.id)
        .executeTakeFirst();
      if (applied) throw new AppError('placement.alreadyApplied');
      const amount = placement.price * BigInt(req.qty);
      const application = await tx
        .insertInto('placement_applications')
        .values({
          placement_id: p.id,
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          shares: req.qty,
          price: placement.price,
          amount,
          state: 'applied',
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await freeze(tx, {
          kind: 'placement_freeze',
          ref: `placement:${application.id}`,
          accountId: c.accountId,
          asset: PKR,
          amount,
          symbol: placement.symbol,
          now,
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('placement.insufficient', { amount: `${formatMinor(amount, 2)} PKR` });
        throw err;
      }
      return { application, placement };
    },
    READ_COMMITTED,
  );
}
