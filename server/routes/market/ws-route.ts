// GET /api/ws: the market WebSocket (protocol in workers/protocol/market.ts), served by one MarketHub per app.

import type { FastifyPluginAsync } from 'fastify';
import { MarketHub } from './ws-hub.ts';

export const wsRoutes: FastifyPluginAsync = async (app) => {
  const hub = new MarketHub(app.market);
  app.addHook('onClose', async () => hub.close());
  app.get(
    '/ws',
    { websocket: true, config: { auth: 'public' }, schema: { hide: true } },
    (socket, request) => {
      const conn = hub.attach(socket, request.lang);
      socket.on('message', (data, isBinary) => conn.message(isBinary ? '' : data.toString()));
      socket.on('pong', conn.pong);
      socket.on('close', conn.detach);
      socket.on('error', conn.detach);
    },
  );
};
