// AI funds (`app.funds`, server/domain/fund/README.md): the fund runner settles the pools at each PSX close and
// rebalances them, on the market's steps where this node leads (as the robots' runner).
import fp from 'fastify-plugin';
import { dealingOf } from '../domain/fund/dealing.ts';
import { FundRunner } from '../domain/fund/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    funds: FundRunner;
  }
}

export const fundsPlugin = fp(
  async (app) => {
    const runner = new FundRunner(
      app.db,
      app.market,
      app.trading,
      app.log,
      dealingOf(app.config.fundDealingMs),
    );
    app.decorate('funds', runner);
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
  { name: 'funds', dependencies: ['config', 'db', 'ledger', 'market', 'trading'] },
);
