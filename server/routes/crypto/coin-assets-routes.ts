// coin/assets (the three accounts and their valuations) and coin/tx/record (the crypto funds detail: USDT
// movements of the spot or the contract account), read from the ledger and the crypto tickers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CoinAssetsBody, CoinAssetsReply, CoinTxRecordQuery } from '../../../contract/exchange.ts';
import { TxRecordPageReply } from '../../../contract/trade.ts';
import { coinAssets } from '../../domain/crypto/coin-assets.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const coinAssetsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/coin/assets',
    {
      schema: {
        tags: ['coin'],
        summary: 'The stock, spot and contract accounts: balances per asset and valuations in USDT and PKR',
        description:
          'Coins at their pair’s last price in USDT, USDT in PKR at the USDT/PKR index; exact, truncated.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: CoinAssetsBody,
        response: CoinAssetsReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const quoteOf = (asset: string) => {
        const symbol = `${asset}USDT`;
        const ins = app.market.instrument(symbol);
        const t = app.market.ticker(symbol);
        return ins && t ? { price: t.p, qtyDecimals: ins.qtyDecimals } : undefined;
      };
      return ok(await coinAssets(app.db, accountId, quoteOf, app.market.now()));
    },
  );

  app.get(
    '/coin/tx/record',
    {
      schema: {
        tags: ['coin'],
        summary: 'Crypto funds detail: USDT movements of the spot or the contract account, newest first',
        description: 'Addition to the spec catalogue, for /pages/fundsDetail/cryptoFundsDetail.',
        security: NEEDS_TOKEN,
        querystring: CoinTxRecordQuery,
        response: TxRecordPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const r = await app.ledger.records(accountId, {
        type: q.type,
        page,
        size,
        asset: 'USDT',
        decimals: 6,
        book: q.account === 'contract' ? 'contract' : 'cash',
      });
      return ok({ ...r, page, size });
    },
  );
};
