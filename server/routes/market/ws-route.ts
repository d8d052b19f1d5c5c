// GET /api/ws: the market WebSocket (protocol in workers/protocol/market.ts, client frames in contract/ws.ts),
// served by one MarketHub per app through the shared socket rules of plugins/websockets.ts.

import type { FastifyPluginAsync } from 'fastify';
import { socketRoute } from '../../plugins/websockets.ts';
import { MarketHub } from './ws-hub.ts';

export const wsRoutes: FastifyPluginAsync = async (app) => {
  // The perpetuals' `mark:<SYM>` channels (issue 16) read the mark book the perp plugin follows.
  const hub = new MarketHub(app.market, { translator: app.translator, marks: app.perp.deps.marks });
  app.addHook('onClose', async () => hub.close());
  socketRoute(app, '/ws', (socket, request) => {
    const conn = hub.attach(socket, request.lang);
    return { message: conn.message, pong: conn.pong, close: conn.detach };
  });
};
