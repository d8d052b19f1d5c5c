// GET stock/vip/advice (an addition to the spec's catalogue; contract/vip.ts): the VIP sections of
// /pages/stock/vip — trading advice, short-term strategies (only while customer service has switched the
// strategy service on) and block-trade opportunities (not built yet: said so, no rows). Served only to a
// running trial or membership; anyone else gets the spec's texts as a -1001 refusal, never the data.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import { VipAdviceReply } from '../../../contract/vip.ts';
import { SignalBoard } from '../../domain/vip/signal-board.ts';
import { readMembership } from '../../domain/vip/vip-repo.ts';
import { vipState } from '../../domain/vip/vip-status.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { NEEDS_TOKEN } from '../route-docs.ts';

const GATE = { none: 'vip.notMember', expired_trial: 'vip.trialExpired', expired: 'vip.expired' } as const;

export const vipAdviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const board = new SignalBoard(app.market);

  app.get(
    '/stock/vip/advice',
    {
      schema: {
        tags: ['stock market'],
        summary:
          'VIP: trading advice and short-term strategies of the PSX stocks, each with its measured record',
        description:
          'Signals from documented rules on the simulated exchange’s daily bars (rules.* in the answer), ' +
          'each with what the same rule’s past signals did (count, hit rate, average and worst move, since ' +
          'when). Never a promised return. A caller without a running trial or membership is refused ' +
          '(-1001): “Please become a VIP member first before you can view it.”, or the expired-trial text.',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: VipAdviceReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const m = await readMembership(app.db, auth.userId);
      const state = vipState(m, Date.now());
      if (state !== 'trial' && state !== 'active') throw new AppError(GATE[state]);
      const { advice, strategies } = await board.all(app.market.now());
      return ok({
        rules: {
          advice: request.t('vip:rules.advice'),
          strategy: request.t('vip:rules.strategy'),
          note: request.t('vip:rules.note'),
        },
        advice,
        strategyService: m.strategyService,
        strategies: m.strategyService ? strategies : null,
        blockTrades: { available: false },
      });
    },
  );
};
