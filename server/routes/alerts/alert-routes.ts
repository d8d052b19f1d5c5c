// user/alert/list, user/alert/add, user/alert/del (contract/alerts.ts): the caller's price alerts. Rules
// first (a known symbol with a price; a price above zero with no more decimals than the symbol's, over the
// current price for `above` and under it for `below`; a percent from 0.01 to 100), then the insert with the
// cap counted in its transaction, then the news to the leader's watch. Another user's id is "not found".
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlertAddBody,
  AlertDelBody,
  AlertDelReply,
  AlertListReply,
  AlertReply,
  MAX_ACTIVE_ALERTS,
  MAX_CHANGE_PERCENT,
} from '../../../contract/alerts.ts';
import { percentBps, toUnits } from '../../domain/alerts/alert-units.ts';
import { symbolPath } from '../../domain/alerts/alert-watch.ts';
import { deleteOwnAlert, insertAlert, ownAlerts, toAlert } from '../../domain/alerts/alerts-repo.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { readSetting } from '../../domain/settings/settings-repo.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/alert/list',
    {
      schema: {
        tags: ['user'],
        summary: 'The caller’s price alerts (active and switched off), newest first',
        security: NEEDS_TOKEN,
        response: AlertListReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const rows = await ownAlerts(app.db, userId);
      return ok({
        list: rows.map((r) => toAlert(r, symbolPath(app.market, r.symbol))),
        maxActive: MAX_ACTIVE_ALERTS,
        repeatCooldownMinutes: await readSetting(app.db, 'alerts.repeatCooldownMinutes'),
      });
    },
  );

  app.post(
    '/user/alert/add',
    {
      schema: {
        tags: ['user'],
        summary: 'Sets a price alert on a stock, an index or a pair',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: AlertAddBody,
        response: AlertReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { symbol, kind, value } = request.body;
      const ins = app.market.instrument(symbol);
      if (!ins) throw fieldError('symbol', 'alerts.unknownSymbol', { symbol });
      if (kind === 'change') {
        const bps = percentBps(value);
        if (bps === null || bps < 1 || bps > MAX_CHANGE_PERCENT * 100)
          throw fieldError('value', 'alerts.badPercent');
      } else {
        const units = toUnits(value, ins.priceDecimals);
        if (units === null)
          throw fieldError('value', 'alerts.tooManyDecimals', { symbol, decimals: ins.priceDecimals });
        if (units <= 0) throw fieldError('value', 'alerts.zeroPrice');
        const t = app.market.ticker(symbol);
        const now = t ? toUnits(t.p, ins.priceDecimals, true) : null;
        if (!t || now === null || now <= 0) throw fieldError('symbol', 'alerts.noPrice', { symbol });
        if (kind === 'above' && units <= now)
          throw fieldError('value', 'alerts.aboveNotOver', { price: t.p });
        if (kind === 'below' && units >= now)
          throw fieldError('value', 'alerts.belowNotUnder', { price: t.p });
      }
      const row = await insertAlert(
        app.db,
        { userId, symbol, kind, value, repeat: request.body.repeat === '1', now: Date.now() },
        MAX_ACTIVE_ALERTS,
      );
      if (row === 'limit') throw new AppError('alerts.limit', { max: MAX_ACTIVE_ALERTS });
      app.alerts.added(row);
      return ok(toAlert(row, symbolPath(app.market, row.symbol)));
    },
  );

  app.post(
    '/user/alert/del',
    {
      schema: {
        tags: ['user'],
        summary: 'Deletes one own price alert',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: AlertDelBody,
        response: AlertDelReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const id = Number(request.body.id);
      if (!(await deleteOwnAlert(app.db, userId, id))) throw fieldError('id', 'alerts.notFound');
      app.alerts.deleted(id);
      return ok({ id });
    },
  );
};
