// Automatic market news: where this node leads (always, on one node), a timer at each PSX close writes the
// day's "KSE-100 closed at …" article (domain/content/auto-news.ts), and one look when it takes the lead
// catches a close a restart missed. The article's unique key makes a second writer a no-op. Off when the
// simulator keeps PSX open around the clock (there is no close).
import fp from 'fastify-plugin';
import { writeCloseNewsIfDue } from '../domain/content/auto-news.ts';
import { startDayOrderTimer } from '../domain/trading/day-order-timer.ts';

export const autoNewsPlugin = fp(
  async (app) => {
    if (app.config.market.alwaysOpen) return;
    const pass = {
      expireIfDue: (now: number) => writeCloseNewsIfDue(app.db, app.market, app.translator, now),
    };
    const report = (err: unknown) => app.log.error({ err }, 'auto news: the close article failed');
    let stop: (() => Promise<void>) | undefined;
    let changes = Promise.resolve();
    const lead = async (leading: boolean) => {
      if (leading && !stop) {
        stop = startDayOrderTimer(pass, () => app.market.now(), report);
        await pass.expireIfDue(app.market.now()).catch(report);
      } else if (!leading && stop) {
        const s = stop;
        stop = undefined;
        await s();
      }
    };
    await lead(app.leader.leading);
    const stopWatch = app.leader.onChange((leading) => {
      changes = changes.then(() => lead(leading)).catch(report);
    });
    app.addHook('onClose', async () => {
      stopWatch();
      await changes;
      await lead(false);
    });
  },
  { name: 'auto-news', dependencies: ['config', 'db', 'market', 'translator'] },
);
