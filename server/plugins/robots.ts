// AI robots (`app.robots`, server/domain/robot/README.md): the runner evaluates the robots on the market's
// steps where this node leads (always, on one node), so each robot order is placed once. On losing the lead,
// and on close, it stops and finishes the pass in hand; the next leader rebuilds its state from the database.
import fp from 'fastify-plugin';
import { RobotRunner } from '../domain/robot/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    robots: RobotRunner;
  }
}

export const robotsPlugin = fp(
  async (app) => {
    const runner = new RobotRunner(app.db, app.market, app.trading, app.log);
    app.decorate('robots', runner);
    const stopFeed = app.market.subscribe((tick) => runner.onTick(tick));
    runner.active = app.leader.leading;
    const stopWatch = app.leader.onChange((leading) => {
      runner.active = leading;
      if (!leading) runner.reset();
    });
    app.addHook('onClose', async () => {
      stopWatch();
      stopFeed();
      runner.active = false;
      await runner.idle();
    });
  },
  { name: 'robots', dependencies: ['config', 'db', 'ledger', 'market', 'trading'] },
);
