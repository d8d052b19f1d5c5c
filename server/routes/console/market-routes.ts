// POST /admin/api/market/scenario (admin only, audited as market.scenario): moves a crypto pair of the
// simulator, or the KSE-30 through its constituents (what sets off the market-wide halt, market-halt.ts), by
// pct % over `seconds` (issue 16 item 7). Refused unless the server runs with SIM_CONTROLS=1: a
// control for tests, benches and demos, never reachable from the app. Any node answers: the request is a row
// the leader claims and starts (domain/market/market-scenarios.ts says why a row and not only a bus message).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MarketScenarioBody, MarketScenarioReply } from '../../../contract/market-scenario.ts';
import { HALT_INDEX } from '../../domain/market/market-halt.ts';
import { announceScenario, pctBasisPoints, requestScenario } from '../../domain/market/market-scenarios.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

export const consoleMarketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/market/scenario',
    {
      config: { auth: 'public', consoleRoles: ['admin'] },
      schema: {
        tags: ['console'],
        hide: true,
        summary:
          'Move a crypto pair or the KSE-30 of the simulator by pct % over seconds (SIM_CONTROLS=1 only; audited)',
        consumes: FORM,
        body: MarketScenarioBody,
        response: MarketScenarioReply,
      },
    },
    async (request) => {
      if (!app.config.simControls) throw new AppError('console.simControlsOff');
      const { symbol, pct, seconds } = request.body;
      if (app.market.instrument(symbol)?.market !== 'crypto' && symbol !== HALT_INDEX)
        throw fieldError('symbol', 'console.scenarioSymbol', { symbol });
      const pctBp = pctBasisPoints(pct);
      if (pctBp === null) throw fieldError('pct', 'console.scenarioPct', { max: 90 });
      const now = Date.now();
      const id = await requestScenario(
        app.db,
        actorOf(request),
        { symbol, pctBp, seconds: Number(seconds) },
        now,
      );
      announceScenario(app.bus);
      return ok({ id, symbol, pct: (pctBp / 100).toFixed(2), seconds: Number(seconds), createdAt: now });
    },
  );
};
