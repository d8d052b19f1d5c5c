// The trading engine (`app.trading`: orders, matching, T+1 releases, DAY-order expiry) on the market feed and
// the ledger. At start it ends the DAY orders a missed close left open; where this node leads (always, on one
// node) it matches on the feed's steps and ends DAY orders on a timer at each PSX close (the feed may stall).
// On losing the lead, and on close, it stops both and waits for a pass in progress, so none touches the
// database after it closed.
import fp from 'fastify-plugin';
import { startDayOrderTimer } from '../domain/trading/day-order-timer.ts';
import { TradingEngine } from '../domain/trading/engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading engine (orders, matching). */
    trading: TradingEngine;
  }
}

export const tradingPlugin = fp(
  async (app) => {
    // The simulator's own switch: with PSX open around the clock no close ever ends a DAY order.
    const psxAlwaysOpen = app.config.market.alwaysOpen;
    const engine = new TradingEngine(app.db, app.market, app.config.fees, app.log, { psxAlwaysOpen });
    app.decorate('trading', engine);
    // Matching and the expiry timer run only where the lease is held (always, on one node): a fill happens once.
    let running: { detach: () => void; stopTimer: () => Promise<void> } | undefined;
    let changes = Promise.resolve();
    const lead = async (leading: boolean) => {
      if (leading && !running) {
        const detach = await engine.attach(app.market, (err) =>
          app.log.error({ err }, 'trading: matching pass failed'),
        );
        const stopTimer = psxAlwaysOpen
          ? async () => undefined
          : startDayOrderTimer(
              engine,
              () => app.market.now(),
              (err) => app.log.error({ err }, 'trading: DAY order expiry at the close failed'),
            );
        running = { detach, stopTimer };
      } else if (!leading && running) {
        const r = running;
        running = undefined;
        r.detach();
        await r.stopTimer();
        await engine.idle();
      }
    };
    await lead(app.leader.leading);
    const stopWatch = app.leader.onChange((leading) => {
      changes = changes
        .then(() => lead(leading))
        .catch((err: unknown) => {
          app.log.error({ err }, 'trading: taking or leaving the lead failed');
        });
    });
    app.addHook('onClose', async () => {
      stopWatch();
      await changes;
      await lead(false);
      await engine.idle();
    });
  },
  { name: 'trading', dependencies: ['config', 'db', 'ledger', 'market'] },
);
