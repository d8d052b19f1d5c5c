// Buying an option (POST stock/order/option/apply). The checks run in this order and every refusal stores
// nothing: KYC on the real account, a retry of the same clientId (answers the first purchase), the term (one
// of the rules'), the symbol (offered), the price (the symbol priced and its volatility measurable), the
// premium (> 0, within the rules' min / max, not above the caller's maxPremium), the transaction password;
// then in one transaction the row and the premium from the account's cash to `option_writer` ("The current
// account is insufficient…" when the available PKR cannot cover it).
//
// Concurrency: one READ COMMITTED transaction that first locks the account (ledger/locks.ts), so two
// purchases of one account run one after the other and the second sees the first's clientId; the
// (account_id, client_id) key and the posting's ref (option:<id>) make a repeat impossible anyway.
import type { Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { OptionDirection } from '../../../contract/option.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, postRecord } from '../ledger/post.ts';
import type { MarketSource } from '../market/market-source.ts';
import { expiryOf, measure, offered, unitPriceOf, type OptionRules } from './option-rules.ts';
import { findByClientId, type OptionRow } from './option-repo.ts';
import { premiumMinor } from './pricing.ts';

export const WRITER = 'option_writer';

export interface OptionCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface BuyRequest {
  symbol: string;
  direction: OptionDirection;
  term: number;
  qty: number;
  clientId: string;
  /** paisa: refuse when the premium now is above it */
  maxPremium?: bigint;
  /** checks the transaction password (throws its refusal); called after the cheap checks */
  verifyPassword: () => Promise<void>;
}
const pkr = (m: bigint) => `${formatMinor(m, 2)} PKR`;

export async function buyOption(
  db: Db,
  market: Pick<MarketSource, 'ticker' | 'candles' | 'instrument'>,
  rules: OptionRules,
  c: OptionCaller,
  req: BuyRequest,
  now: number,
): Promise<OptionRow> {
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const earlier = await findByClientId(db, c.accountId, req.clientId);
  if (earlier) return earlier;
  if (!rules.terms.includes(req.term))
    throw fieldError('term', 'option.badTerm', { terms: rules.terms.join(', ') });
  const symbol = req.symbol.toUpperCase();
  if (!offered(market, rules, symbol)) throw fieldError('symbol', 'option.notOffered', { symbol });
  const m = await measure(market, symbol, rules.volDays, now);
  if (!m) throw new AppError('option.unpriced', { symbol });
  const unitPrice = unitPriceOf(m, rules, req.direction, req.term);
  const premium = premiumMinor(unitPrice, req.qty);
  if (premium <= 0n) throw new AppError('option.noPremium');
  if (premium < rules.minPremium)
    throw fieldError('qty', 'option.belowMin', { min: pkr(rules.minPremium), premium: pkr(premium) });
  if (premium > rules.maxPremium)
    throw fieldError('qty', 'option.aboveMax', { max: pkr(rules.maxPremium), premium: pkr(premium) });
  if (req.maxPremium !== undefined && premium > req.maxPremium)
    throw new AppError('option.priceMoved', { premium: pkr(premium) });
  await req.verifyPassword();

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await findByClientId(tx, c.accountId, req.clientId);
      if (again) return again;
      const row = await tx
        .insertInto('option_orders')
        .values({
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          symbol,
          direction: req.direction,
          term_days: req.term,
          qty: BigInt(req.qty),
          strike: m.spotMinor,
          unit_price: unitPrice,
          premium,
          sigma: m.sigma,
          rate: rules.rate,
          spread_bps: rules.spreadBps,
          vol_days: m.closes,
          state: 'open',
          expires_at: expiryOf(req.term, now, rules.dayMs),
          expiry_price: null,
          payoff: null,
          created_at: now,
          settled_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await postRecord(tx, {
          kind: 'option_premium',
          ref: `option:${row.id}`,
          accountId: c.accountId,
          symbol,
          now,
          legs: [
            { accountId: c.accountId, book: 'cash', asset: PKR, amount: -premium },
            { system: WRITER, asset: PKR, amount: premium },
          ],
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('option.insufficient', { amount: pkr(premium) });
        throw err;
      }
      return row;
    },
    READ_COMMITTED,
  );
}
