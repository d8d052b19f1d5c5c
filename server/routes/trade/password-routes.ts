// The transaction password (spec §5: exactly 6 digits, set before trading): POST user/password/trade/set the
// first time, POST user/password/trade/change afterwards. UserInfo.hasTradePassword reflects it.
import type { FastifyPluginAsync } from 'fastify';
import { changeTradePassword, setTradePassword } from '../../domain/trading/trade-password.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { fields } from '../../schemas/fields.ts';
import { envelope, nullData } from '../../schemas/responses.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller, sixDigits } from './trade-context.ts';

const tags = ['user'];

export const passwordRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { password: string; password2: string } }>(
    '/user/password/trade/set',
    {
      schema: {
        tags,
        summary: 'Set the 6-digit transaction password (only when none is set)',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: fields({ password: sixDigits, password2: sixDigits }, ['password', 'password2']),
        response: envelope(nullData),
      },
    },
    async (request) => {
      const c = caller(app, request);
      const { password, password2 } = request.body;
      if (password !== password2) throw new AppError('auth.passwordMismatch');
      await setTradePassword(app.db, c.user.id, password);
      return ok(null);
    },
  );

  app.post<{ Body: { oldPassword: string; password: string; password2: string } }>(
    '/user/password/trade/change',
    {
      schema: {
        tags,
        summary: 'Change the transaction password',
        description:
          'A wrong current password counts towards the lock-out (a few free tries, then waits that double).',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: fields({ oldPassword: sixDigits, password: sixDigits, password2: sixDigits }, [
          'oldPassword',
          'password',
          'password2',
        ]),
        response: envelope(nullData),
      },
    },
    async (request) => {
      const c = caller(app, request);
      const { oldPassword, password, password2 } = request.body;
      if (password !== password2) throw new AppError('auth.passwordMismatch');
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
