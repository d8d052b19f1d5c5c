// The transaction password (spec §5: exactly 6 digits, set before trading): POST user/password/trade/set the
// first time, POST user/password/trade/change afterwards. UserInfo.hasTradePassword reflects it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DoneReply, TradePasswordChangeBody, TradePasswordSetBody } from '../../../contract/user.ts';
import { changeTradePassword, setTradePassword } from '../../domain/trading/trade-password.ts';
import { fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller } from './trade-context.ts';

const tags = ['user'];

export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/password/trade/set',
    {
      schema: {
        tags,
        summary: 'Set the 6-digit transaction password (only when none is set)',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: TradePasswordSetBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const { password, password2 } = request.body;
      if (password !== password2) throw fieldError('password2', 'auth.passwordMismatch');
      await setTradePassword(app.db, c.user.id, password);
      return ok(null);
    },
  );

  app.post(
    '/user/password/trade/change',
    {
      schema: {
        tags,
        summary: 'Change the transaction password',
        description:
          'A wrong current password counts towards the lock-out (a few free tries, then waits that double).',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: TradePasswordChangeBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const { oldPassword, password, password2 } = request.body;
      if (password !== password2) throw fieldError('password2', 'auth.passwordMismatch');
      await changeTradePassword(
        app.db,
        app.lockouts.tradePassword,
        c.user.id,
        oldPassword,
        password,
        app.market.now(),
      );
      return ok(null);
    },
  );
};
