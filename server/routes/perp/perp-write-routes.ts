// The contract calls that change something (contract/perp-orders.ts lists the paths and what each means):
// multiple, add, add/limit, cancel, close, liquidate, liquidate/all, add/mgn, set/profit, set/loss. The rules are
// domain/perp/perp-orders.ts; every id is looked up within the caller's account. add, add/mgn and a leverage
// change on an open position take the transaction password and, on the real account, KYC (confirmOrder, as a
// stock order; contract/perp-orders.ts says why these and not the closes or TP/SL).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddMarginBody,
  CancelBody,
  CloseBody,
  ExecutedListReply,
  ExecutedReply,
  LeverageBody,
  LeverageReply,
  LiquidateAllBody,
  LiquidateBody,
  LimitBody,
  LimitPlacedReply,
  LimitReply,
  OpenBody,
  PERP_PREFIX,
  PositionReply,
  TpSlBody,
} from '../../../contract/perp-orders.ts';
import { notional } from '../../../contract/perp/position.ts';
import { maxLeverageAt } from '../../../contract/perp/tiers.ts';
import { perpError } from '../../domain/perp/perp-errors.ts';
import { addIsolatedMargin, setLeverage, setTpSl } from '../../domain/perp/perp-adjust.ts';
import {
  closeAllAtMarket,
  closeAtMarket,
  openAtMarket,
  type Executed,
} from '../../domain/perp/perp-orders.ts';
import { cancelLimit, placeLimit } from '../../domain/perp/perp-limit.ts';
import { executionView, limitOrderView, positionView } from '../../domain/perp/perp-views.ts';
import { DEFAULT_LEVERAGE } from '../../domain/perp/perp-config.ts';
import { leverageOf, openPosition } from '../../domain/perp/positions-repo.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller, confirmOrder } from '../trade/trade-context.ts';

const tags = ['coin contract orders'];
const P = `/${PERP_PREFIX}`;

export const perpWriteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app.perp;
  const now = () => app.market.now();
  const executed = (e: Executed) => ({
    order: executionView(deps.marks, e.execution),
    position: positionView(deps.market, deps.marks, e.position),
    repeated: !e.created,
  });

  app.post(
    `${P}/multiple`,
    {
      schema: {
        tags,
        summary: 'Get or set the leverage of a symbol',
        description:
          'Without `leverage`: the current setting (10× until set). With it: refused above the bracket’s maximum ' +
          'at the position’s size, or when the open position would be liquidatable at the current mark; with a ' +
          'position its margin becomes the initial margin at the new leverage; that change needs the ' +
          'transaction password (`tradePassword`) and, on the real account, KYC.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: LeverageBody,
        response: LeverageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const { symbol, tradePassword } = request.body;
      const pair = deps.marks.pair(symbol);
      if (!pair) throw perpError('unknownSymbol', { symbol });
      let leverage: number;
      let position = await openPosition(app.db, accountId, symbol);
      if (request.body.leverage === undefined) {
        leverage = position?.leverage ?? (await leverageOf(app.db, accountId, symbol, DEFAULT_LEVERAGE));
      } else {
        // with a position the margin moves: confirmed as an order (a refusal changes nothing)
        if (position) {
          if (tradePassword === undefined) throw fieldError('tradePassword', 'perp.passwordRequired');
          await confirmOrder(app, await caller(app, request), tradePassword);
        }
        const r = await setLeverage(deps, accountId, symbol, Number(request.body.leverage), now());
        leverage = r.leverage;
        position = r.position;
      }
      const mark = deps.marks.mark(symbol) ?? 0n;
      const maxLeverage = maxLeverageAt(pair.tiers, position ? notional(pair.grid, position.qty, mark) : 0n);
      return ok({
        symbol,
        leverage,
        maxLeverage,
        position: position ? positionView(deps.market, deps.marks, position) : null,
      });
    },
  );

  app.post(
    `${P}/add`,
    {
      schema: {
        tags,
        summary: 'Open or increase a position at market',
        description:
          'Fills at the best ask (long) or bid (short) at the symbol’s leverage; takes the initial margin and the ' +
          '0.05 % taker fee from the contract account. One-way mode: with an opposite position open it is ' +
          'refused (close that first). Needs the transaction password; the real account needs KYC. A repeated ' +
          'clientId answers the first order.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: OpenBody,
        response: ExecutedReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const { accountId } = c.auth;
      const b = request.body;
      await confirmOrder(app, c, b.tradePassword);
      const r = await openAtMarket(
        deps,
        { accountId, clientId: b.clientId, symbol: b.symbol, side: b.side, qty: b.qty },
        now(),
      );
      return ok(executed(r));
    },
  );

  app.post(
    `${P}/add/limit`,
    {
      schema: {
        tags,
        summary: 'Open or increase a position at a limit price',
        description:
          'Good till cancelled: a long rests below the best ask, a short above the best bid, until the market ' +
          'reaches its price; then it fills at that price as a maker (0.02 %). Its margin at that price and the ' +
          '0.05 % taker fee are frozen while it rests. A marketable price fills at once at the best price as a ' +
          'taker. The price must be on the pair’s grid and within 20 % of the mark; at most 50 rest per ' +
          'account. Needs the transaction password; the real account needs KYC. A repeated clientId answers ' +
          'the first order.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: LimitBody,
        response: LimitPlacedReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const { accountId } = c.auth;
      const b = request.body;
      await confirmOrder(app, c, b.tradePassword);
      const r = await placeLimit(
        deps,
        { accountId, clientId: b.clientId, symbol: b.symbol, side: b.side, qty: b.qty, price: b.price },
        now(),
      );
      return ok({
        limit: limitOrderView(deps.marks, r.order),
        order: r.executed ? executionView(deps.marks, r.executed.execution) : null,
        position: r.executed ? positionView(deps.market, deps.marks, r.executed.position) : null,
        repeated: !r.created,
      });
    },
  );

  app.post(
    `${P}/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancel a resting limit order',
        description:
          'The caller’s own order only (another account’s id is "not found"); its frozen margin and fee go back ' +
          'to the contract account. An order that already filled or ended is refused.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: CancelBody,
        response: LimitReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const o = await cancelLimit(deps, accountId, Number(request.body.orderId), now());
      return ok(limitOrderView(deps.marks, o));
    },
  );

  app.post(
    `${P}/close`,
    {
      schema: {
        tags,
        summary: 'Close part or all of a position at market',
        description:
          'Without `qty` the whole position. "There must be an order available to close" otherwise.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: CloseBody,
        response: ExecutedReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const b = request.body;
      const r = await closeAtMarket(
        deps,
        { accountId, clientId: b.clientId, positionId: Number(b.positionId), qty: b.qty },
        now(),
      );
      return ok(executed(r));
    },
  );

  app.post(
    `${P}/liquidate`,
    {
      schema: {
        tags,
        summary: 'Close a whole position at market now (the user’s "close at market")',
        description:
          'The spec’s name for the user’s one-tap market close of a position; an ordinary close with its fee, ' +
          'not a forced liquidation (those are the engine’s, at the liquidation price).',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: LiquidateBody,
        response: ExecutedReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const b = request.body;
      const r = await closeAtMarket(
        deps,
        { accountId, clientId: b.clientId, positionId: Number(b.positionId) },
        now(),
      );
      return ok(executed(r));
    },
  );

  app.post(
    `${P}/liquidate/all`,
    {
      schema: {
        tags,
        summary: 'Close every open position at market',
        description: 'Each position is closed in its own transaction; the answer lists the closes made.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: LiquidateAllBody,
        response: ExecutedListReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const list = await closeAllAtMarket(deps, accountId, request.body.clientId, now());
      return ok({ list: list.map(executed) });
    },
  );

  app.post(
    `${P}/add/mgn`,
    {
      schema: {
        tags,
        summary: 'Add isolated margin to a position',
        description:
          'Moves USDT from the contract account to the position; the liquidation price moves away. Needs the ' +
          'transaction password; the real account needs KYC.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: AddMarginBody,
        response: PositionReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const { accountId } = c.auth;
      const b = request.body;
      await confirmOrder(app, c, b.tradePassword);
      const p = await addIsolatedMargin(deps, accountId, Number(b.positionId), b.amount, b.clientId, now());
      return ok(positionView(deps.market, deps.marks, p));
    },
  );

  for (const [path, kind] of [
    ['set/profit', 'tp'],
    ['set/loss', 'sl'],
  ] as const)
    app.post(
      `${P}/${path}`,
      {
        schema: {
          tags,
          summary: kind === 'tp' ? 'Set or cancel the take-profit' : 'Set or cancel the stop-loss',
          description:
            'On the mark (default) or last price. Long: a take-profit not below the entry and above the price now; ' +
            'a stop not above the entry, below the price now and above the liquidation price; a short mirrored. ' +
            'When hit, the whole position is closed at market (reduce-only). Price 0 cancels.',
          consumes: FORM,
          security: NEEDS_TOKEN,
          body: TpSlBody,
          response: PositionReply,
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request.auth);
        const b = request.body;
        const p = await setTpSl(
          deps,
          { accountId, positionId: Number(b.positionId), kind, price: b.price, source: b.source ?? 'mark' },
          now(),
        );
        return ok(positionView(deps.market, deps.marks, p));
      },
    );
};
