// user/exchange (PKR ↔ USDT, quote then accept) and coin/transfer (spot ↔ contract, no fee). The rules are
// domain/crypto/exchange.ts and coin-transfer.ts; every read and write is scoped by the caller's account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CoinTransferBody,
  CoinTransferReply,
  ExchangeBody,
  ExchangeReply,
} from '../../../contract/exchange.ts';
import { transferCoin, toCoinTransfer } from '../../domain/crypto/coin-transfer.ts';
import { acceptQuote, createQuote, toExchangeQuote } from '../../domain/crypto/exchange.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const EXCHANGE_DOC =
  'Two steps. action=quote (direction, amount in the from-asset): KYC (real account only), the amount and its ' +
  'decimals, min / max of the from-asset; answers a quote honoured until expiresAt (settings ' +
  'exchange.quoteSeconds) at the USDT/PKR index ± the spread (exchange.spreadBps, the disclosed cost; fee 0). ' +
  'action=accept (quoteId, clientId): the caller’s account’s quote (another’s reads as missing), not used by ' +
  'another clientId (the same clientId answers the executed quote again), not expired, then one balanced ' +
  'journal stock ↔ spot through exchange_desk (Insufficient Balance when the from-balance is short). What the ' +
  'user receives is rounded up: every rounding is in the platform’s disfavour by less than one minor unit.';

export const exchangeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/exchange',
    {
      schema: {
        tags: ['user'],
        summary: 'Exchange PKR ↔ USDT between the stock and the spot account at a quoted rate',
        description: EXCHANGE_DOC,
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: ExchangeBody,
        response: ExchangeReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      const row =
        b.action === 'quote'
          ? await createQuote(app.db, auth, b, now)
          : await acceptQuote(app.db, auth, b, now);
      return ok(toExchangeQuote(row));
    },
  );

  app.post(
    '/coin/transfer',
    {
      schema: {
        tags: ['coin'],
        summary: 'Move USDT between the spot and the contract account (no fee)',
        description:
          'from and to differ; the amount > 0 and within the from-account’s available USDT (Insufficient ' +
          'Balance otherwise); a retried clientId answers the first transfer and moves nothing again.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: CoinTransferBody,
        response: CoinTransferReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await transferCoin(app.db, auth, request.body, Date.now());
      return ok(toCoinTransfer(row));
    },
  );
};
