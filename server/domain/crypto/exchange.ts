// PKR ↔ USDT between a user's stock account and spot account (user/exchange), in two steps: a quote stored in
// exchange_quotes (migration 090) and honoured until it expires, then its acceptance, which posts one balanced
// journal through the system account `exchange_desk` (ref `exchange:<quote id>`, so a quote moves money once
// whatever happens) in the transaction that marks the quote used. The arithmetic is exchange-rate.ts.
//
// Checks of a quote, in order: KYC (real account only), the direction and amount given, the amount's scale
// (PKR 2 decimals, USDT 6), the minimum and maximum of the from-asset (settings exchange.min*/max*); the balance
// is not reserved by a quote and is checked at acceptance ('Insufficient Balance'). Acceptance: the quote is
// the caller's account's (another user's or the other account's reads as missing), not used by another
// request (the same clientId again answers the executed quote), not expired.
import type { Db } from '../../db/database.ts';
import { findOwn } from '../../db/owned-rows.ts';
import { inTx } from '../../db/tx.ts';
import type { ExchangeQuotesTable } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { ExchangeDirection, ExchangeQuote } from '../../../contract/exchange.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, postRecord } from '../ledger/post.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { assetsOf, quotedRate, receiveOf, SCALE } from './exchange-rate.ts';
import { RATE_SCALE, usdtPkrAt } from './usdt-pkr.ts';

export const EXCHANGE_DESK = 'exchange_desk';

export interface ExchangeCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

type QuoteRow = Omit<ExchangeQuotesTable, 'id'> & { id: number };

export function toExchangeQuote(q: QuoteRow): ExchangeQuote {
  const { from, to } = assetsOf(q.direction);
  return {
    quoteId: q.id,
    direction: q.direction,
    from,
    to,
    amount: formatMinor(q.amount, SCALE[from]),
    index: formatMinor(q.index_units, RATE_SCALE),
    rate: formatMinor(q.rate_units, RATE_SCALE),
    spreadBps: q.spread_bps,
    fee: formatMinor(q.fee, SCALE[from]),
    receive: formatMinor(q.receive_amount, SCALE[to]),
    expiresAt: q.expires_at,
    status: q.accepted_at === null ? 'quoted' : 'done',
    acceptedAt: q.accepted_at,
  };
}

const must = (v: bigint | null): bigint => v ?? 0n; // the registry's patterns make every value parse

/** Checks the request and stores a quote at the index of `now`. */
export async function createQuote(
  db: Db,
  c: ExchangeCaller,
  req: { direction?: ExchangeDirection | undefined; amount?: string | undefined },
  now: number,
): Promise<QuoteRow> {
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  if (!req.direction) throw fieldError('direction', 'exchange.directionMissing');
  const { from } = assetsOf(req.direction);
  if (req.amount === undefined) throw fieldError('amount', 'exchange.amountZero');
  const amount = parseMinor(req.amount, SCALE[from]);
  if (amount === null)
    throw fieldError('amount', 'exchange.amountScale', { places: SCALE[from], unit: from });
  if (amount <= 0n) throw fieldError('amount', 'exchange.amountZero');
  const s = await readSettings(db);
  const [minText, maxText] =
    from === 'PKR'
      ? [s['exchange.minPkr'], s['exchange.maxPkr']]
      : [s['exchange.minUsdt'], s['exchange.maxUsdt']];
  const min = must(parseMinor(minText, SCALE[from]));
  const max = must(parseMinor(maxText, SCALE[from]));
  if (amount < min) throw fieldError('amount', 'exchange.belowMin', { min: minText, unit: from });
  if (amount > max) throw fieldError('amount', 'exchange.aboveMax', { max: maxText, unit: from });

  const index = usdtPkrAt(now);
  const spreadBps = s['exchange.spreadBps'];
  const rate = quotedRate(req.direction, index, spreadBps);
  return db
    .insertInto('exchange_quotes')
    .values({
      user_id: c.userId,
      account_id: c.accountId,
      direction: req.direction,
      amount,
      rate_units: rate,
      index_units: index,
      spread_bps: spreadBps,
      fee: 0n,
      receive_amount: receiveOf(req.direction, amount, rate),
      created_at: now,
      expires_at: now + s['exchange.quoteSeconds'] * 1000,
      client_id: null,
      accepted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Executes the caller's quote once: stock ↔ spot through the exchange desk. */
export async function acceptQuote(
  db: Db,
  c: ExchangeCaller,
  req: { quoteId?: string | undefined; clientId?: string | undefined },
  now: number,
): Promise<QuoteRow> {
  if (req.quoteId === undefined) throw fieldError('quoteId', 'exchange.quoteMissing');
  if (req.clientId === undefined) throw fieldError('clientId', 'exchange.clientIdMissing');
  const quoteId = Number(req.quoteId);
  const clientId = req.clientId;
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const q = await findOwn(tx, 'exchange_quotes', 'account_id', c.accountId, quoteId);
      if (!q) throw fieldError('quoteId', 'exchange.quoteNotFound');
      if (q.accepted_at !== null) {
        if (q.client_id === clientId) return q;
        throw new AppError('exchange.quoteUsed');
      }
      if (now > q.expires_at) throw new AppError('exchange.quoteExpired');
      const done = await tx
        .updateTable('exchange_quotes')
        .set({ client_id: clientId, accepted_at: now })
        .where('id', '=', q.id)
        .where('accepted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!done) throw new AppError('exchange.quoteUsed');
      const { from, to } = assetsOf(q.direction);
      try {
        await postRecord(tx, {
          kind: q.direction === 'PKR_USDT' ? 'exchange_pkr_usdt' : 'exchange_usdt_pkr',
          ref: `exchange:${q.id}`,
          accountId: c.accountId,
          memo: `${q.direction} at ${formatMinor(q.rate_units, RATE_SCALE)}`,
          now,
          legs: [
            { accountId: c.accountId, book: 'cash', asset: from, amount: -q.amount },
            { system: EXCHANGE_DESK, asset: from, amount: q.amount },
            { system: EXCHANGE_DESK, asset: to, amount: -q.receive_amount },
            { accountId: c.accountId, book: 'cash', asset: to, amount: q.receive_amount },
          ],
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw fieldError('amount', 'exchange.insufficient');
        throw err;
      }
      return done;
    },
    { isolation: 'read committed' },
  );
}
