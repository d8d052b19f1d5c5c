// Options (`app.optionRunner`, issue 17 §6): the settlement runner settles expired options on the market's steps,
// where this node leads (as the fund runner).
import fp from 'fastify-plugin';
import { OptionRunner } from '../domain/option/option-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    optionRunner: OptionRunner;
  }
}

export const optionsPlugin = fp(
  async (app) => {
    const runner = new OptionRunner(app.db, app.market, app.log);
    app.decorate('optionRunner', runner);
    const stopFeed = app.market.subscribe((tick) => runner.onTick(tick));
    runner.active = app.leader.leading;
    const stopWatch = app.leader.onChange((leading) => {
      runner.active = leading;
    });
    app.addHook('onClose', async () => {
      stopWatch();
      stopFeed();
      runner.active = false;
      await runner.idle();
    });
  },
  { name: 'options', dependencies: ['config', 'db', 'ledger', 'market'] },
);
