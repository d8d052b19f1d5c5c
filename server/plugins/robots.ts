// AI robots (`app.robots`, server/domain/robot/README.md): the runner evaluates the robots on the market's
// steps where this node leads (always, on one node), so each robot order is placed once. On losing the lead,
// and on close, it stops and finishes the pass in hand; the next leader rebuilds its state from the database.
import fp from 'fastify-plugin';
import { RobotRunner } from '../domain/robot/runner.ts';

/** Bus channel: an order changed by a call on some node (its id), for the leader's runner. */
export const ROBOT_CHANGED = 'robots:changed';

declare module 'fastify' {
  interface FastifyInstance {
    robots: RobotRunner;
  }
}

export const robotsPlugin = fp(
  async (app) => {
    // A call on a follower changed an order: the leader hears it at once (else at its next resync, ≤ 1 min).
    const announce = (orderId: number) => app.bus.publish(ROBOT_CHANGED, String(orderId));
    const runner = new RobotRunner(app.db, app.market, app.trading, app.log, announce);
    app.decorate('robots', runner);
    const stopHearing = app.bus.subscribe(ROBOT_CHANGED, (message) => runner.heard(Number(message)));
    const stopFeed = app.market.subscribe((tick) => runner.onTick(tick));
    runner.active = app.leader.leading;
    const stopWatch = app.leader.onChange((leading) => {
      runner.active = leading;
      if (!leading) runner.reset();
    });
    app.addHook('onClose', async () => {
      stopHearing();
      stopWatch();
      stopFeed();
      runner.active = false;
      await runner.idle();
    });
  },
  { name: 'robots', dependencies: ['config', 'db', 'bus', 'ledger', 'market', 'trading'] },
);
