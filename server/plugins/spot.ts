// The spot engine (`app.spot`: spot orders and their matching, issue 16) on the market feed and the ledger.
// Where this node leads (always, on one node) it fills resting spot limit orders on the feed's steps; on losing
// the lead, and on close, it stops and waits for a pass in progress, like the stock engine (plugins/trading.ts).
import fp from 'fastify-plugin';
import { SpotEngine } from '../domain/spot/spot-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The spot engine (crypto spot orders, matching). */
    spot: SpotEngine;
  }
}

export const spotPlugin = fp(
  async (app) => {
    const engine = new SpotEngine(app.db, app.market, app.log);
    app.decorate('spot', engine);
    let detach: (() => void) | undefined;
    let changes = Promise.resolve();
    const lead = async (leading: boolean) => {
      if (leading && !detach) {
        detach = engine.attach(app.market, (err) => app.log.error({ err }, 'spot: matching pass failed'));
      } else if (!leading && detach) {
        const d = detach;
        detach = undefined;
        d();
        await engine.idle();
      }
    };
    await lead(app.leader.leading);
    const stopWatch = app.leader.onChange((leading) => {
      changes = changes
        .then(() => lead(leading))
        .catch((err: unknown) => {
          app.log.error({ err }, 'spot: taking or leaving the lead failed');
        });
    });
    app.addHook('onClose', async () => {
      stopWatch();
      await changes;
      await lead(false);
      await engine.idle();
    });
  },
  { name: 'spot', dependencies: ['config', 'db', 'ledger', 'market'] },
);
