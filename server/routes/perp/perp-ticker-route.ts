// GET coin/contract/order/ticker (contract/perp-orders.ts): a pair's mark and index price, the estimated
// funding rate and the next funding time, its grid and the taker rate: what the contract screen needs to show
// the margin, fee and liquidation price before an order is sent. Public: no account is read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatMinor } from '../../../contract/money.ts';
import { PERP_PREFIX, TickerParams, TickerReply } from '../../../contract/perp-orders.ts';
import { TAKER_RATE } from '../../domain/perp/perp-config.ts';
import { perpError } from '../../domain/perp/perp-errors.ts';
import { quoteOf } from '../../domain/perp/perp-grid.ts';
import { ok } from '../../plugins/envelope.ts';

export const perpTickerRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, engine } = app.perp;
  app.get(
    `/${PERP_PREFIX}/ticker`,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['coin contract orders'],
        summary: "A pair's mark, index, funding and grid",
        querystring: TickerParams,
        response: TickerReply,
      },
    },
    async (request) => {
      const { symbol } = request.query;
      const pair = deps.marks.pair(symbol);
      const quote = pair && quoteOf(deps.market, pair);
      if (!pair || !quote) throw perpError('unknownSymbol');
      const d = pair.grid.priceDecimals;
      const mark = deps.marks.mark(symbol) ?? quote.last;
      const every = engine.fundingIntervalMs;
      const now = deps.market.now();
      return ok({
        symbol,
        markPrice: formatMinor(mark, d),
        indexPrice: formatMinor(quote.last, d),
        // rate at 10^-8 → percent at 4 places: 10^-8 = 10^-6 %, cut to 10^-4 %
        fundingRate: formatMinor(engine.estimatedRate(symbol) / 100n, 4),
        nextFundingTime: (Math.floor(now / every) + 1) * every,
        fundingIntervalMs: every,
        priceDecimals: d,
        qtyDecimals: pair.grid.qtyDecimals,
        takerRate: formatMinor(TAKER_RATE / 1_000n, 3),
        maxLeverage: pair.tiers[0]?.maxLeverage ?? 1,
      });
    },
  );
};
