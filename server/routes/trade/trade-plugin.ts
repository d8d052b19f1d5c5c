// The trade area (issue 4): creates the trading engine on the market feed (app.trading; tradingOf(app.db) for
// code holding the root instance), ends the DAY orders a missed close left open, starts matching and expiry on
// the feed's steps and expiry on a timer at each PSX close (the feed may stall), and mounts the transaction
// password, order, position / money calls and the private WebSocket channel. On close it stops both and waits
// for a pass in progress, so none touches the database after it closed. Registered after the market area.
import type { FastifyPluginAsync } from 'fastify';
import { startDayOrderTimer } from '../../domain/trading/day-order-timer.ts';
import { TradingEngine } from '../../domain/trading/engine.ts';
import { feeConfig } from '../../domain/trading/fees.ts';
import { globalPlugin } from '../../plugins/global-plugin.ts';
import { marketConfig } from '../market/market-config.ts';
import { accountWsRoutes } from './account-ws.ts';
import { holdRoutes } from './hold-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { passwordRoutes } from './password-routes.ts';

const byDb = new WeakMap<object, TradingEngine>();
export function tradingOf(db: object): TradingEngine | undefined {
  return byDb.get(db);
}

const enginePlugin = globalPlugin('trading-engine', async (app) => {
  // The simulator's own switch: with PSX open around the clock no close ever ends a DAY order.
  const psxAlwaysOpen = marketConfig(process.env).alwaysOpen;
  const engine = new TradingEngine(app.db, app.market, feeConfig(process.env), app.log, { psxAlwaysOpen });
  byDb.set(app.db, engine);
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
});

export const tradeRoutes: FastifyPluginAsync = globalPlugin('trade', async (app) => {
  await app.register(enginePlugin);
  await app.register(passwordRoutes);
  await app.register(orderRoutes);
  await app.register(holdRoutes);
  await app.register(accountWsRoutes);
});
