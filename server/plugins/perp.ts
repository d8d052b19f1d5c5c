// Perpetual contracts (`app.perp`): the mark-price book, followed on every node so every node's answers use
// the same mark, and the engine (liquidation, TP/SL, funding), active only where this node leads so each
// happens once. On losing the lead, and on close, the engine stops and finishes the tick in hand.
import fp from 'fastify-plugin';
import { MarkBook } from '../domain/perp/mark-book.ts';
import { PerpEngine } from '../domain/perp/perp-engine.ts';
import type { PerpDeps } from '../domain/perp/perp-orders.ts';

export interface PerpService {
  deps: PerpDeps;
  engine: PerpEngine;
}

declare module 'fastify' {
  interface FastifyInstance {
    perp: PerpService;
  }
}

export const perpPlugin = fp(
  async (app) => {
    const marks = new MarkBook(app.market);
    const deps: PerpDeps = { db: app.db, market: app.market, marks };
    const engine = new PerpEngine(deps, {
      onError: (err) => app.log.error({ err }, 'perp: mark tick failed'),
    });
    app.decorate('perp', { deps, engine });
    const stopListen = marks.listen((ticks) => void engine.onMarks(ticks, app.market.now()));
    const stopFollow = marks.follow(app.market);
    engine.active = app.leader.leading;
    const stopWatch = app.leader.onChange((leading) => {
      engine.active = leading;
    });
    app.addHook('onClose', async () => {
      stopWatch();
      stopFollow();
      stopListen();
      engine.active = false;
      await engine.idle();
    });
  },
  { name: 'perp', dependencies: ['config', 'db', 'ledger', 'market'] },
);
