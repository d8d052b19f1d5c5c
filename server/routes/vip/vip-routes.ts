// VIP membership (issue 18, item 2; contract/vip.ts has the decisions): GET user/vip/get (the caller's status
// and the plans) and POST user/vip/buy (the free trial, or a plan paid from the real account). The rules are
// domain/vip/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import { VipBuyBody, VipStatusReply } from '../../../contract/vip.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { buyVip } from '../../domain/vip/vip-buy.ts';
import { vipRules, vipStatus } from '../../domain/vip/vip-wire.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['user'];

export const vipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/vip/get',
    {
      schema: {
        tags,
        summary:
          'The caller’s VIP membership: state, dates, days left, whether the trial was used, the plans',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: VipStatusReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok(await vipStatus(app.db, auth.userId, auth.accountType, Date.now()));
    },
  );

  app.post(
    '/user/vip/buy',
    {
      schema: {
        tags,
        summary: 'Start the free VIP trial, or buy a plan (extends a running membership)',
        description:
          '`plan=trial`: once per user, no payment, from the real or the demo account. A plan id of the ' +
          'settings (`vip.plans`): paid from the REAL account’s available PKR (journal `vip_buy` to ' +
          '`fee_vip`), with the transaction password. The same clientId again changes nothing. ' +
          'The catalogue lists this call under GET; it is a POST because it carries a password and moves money.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: VipBuyBody,
        response: VipStatusReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      await buyVip(
        app.db,
        auth,
        {
          plan: b.plan,
          clientId: b.clientId,
          tradePassword: b.tradePassword,
          verifyPassword: (password) =>
            verifyTradePassword(app.db, app.lockouts.tradePassword, auth.userId, password, now),
        },
        await vipRules(app.db),
        now,
      );
      return ok(await vipStatus(app.db, auth.userId, auth.accountType, now));
    },
  );
};
