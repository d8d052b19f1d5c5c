// Automatic IPO subscription's opening pass (`ipo-auto-apply`): where this node leads (app.leader), at once and
// then every IPO_AUTO_EVERY_MS it decides, once per offering per account, for every offering subscribing now
// (domain/ipo/auto-apply.ts runAutoApplyPass: the decision and its run row are one transaction, so a pass run
// again after a restart, or by a newly promoted leader, decides nothing twice). Passes never overlap; a
// failing pass is logged and the next one tries again.
import fp from 'fastify-plugin';
import { runAutoApplyPass } from '../domain/ipo/auto-apply.ts';

export const IPO_AUTO_EVERY_MS = 5_000;

export const ipoAutoApplyPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const pass = () => {
      running = runAutoApplyPass(app.db, Date.now()).catch((err: unknown) =>
        app.log.error({ err }, 'ipo: automatic subscription pass failed'),
      );
    };
    const start = () => {
      if (timer) return;
      void running.then(pass);
      timer = setInterval(() => void running.then(pass), IPO_AUTO_EVERY_MS);
      timer.unref();
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    };
    const off = app.leader.onChange((leading) => (leading ? start() : stop()));
    if (app.leader.leading) start();
    app.addHook('onClose', async () => {
      off();
      stop();
      await running;
    });
  },
  { name: 'ipo-auto-apply', dependencies: ['db', 'market'] },
);
