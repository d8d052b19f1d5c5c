// The IPO payment deadline (`ipo-payments`): where this node leads (app.leader), every minute it pays the
// allotments still waiting whose offering's payBy has come, from their frozen money (domain/ipo/ipo-operator.ts
// payDue: state-conditional and idempotent, so a pass run twice, or beside a user's own payment, pays once).
// Passes never overlap; a failing pass is logged and the next one tries again.
import fp from 'fastify-plugin';
import { payDue } from '../domain/ipo/ipo-operator.ts';

export const IPO_PAY_EVERY_MS = 60_000;

export const ipoPaymentsPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const pass = () => {
      running = payDue(app.db, Date.now()).catch((err: unknown) =>
        app.log.error({ err }, 'ipo: automatic payment at the deadline failed'),
      );
    };
    const start = () => {
      if (timer) return;
      timer = setInterval(() => void running.then(pass), IPO_PAY_EVERY_MS);
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
  { name: 'ipo-payments', dependencies: ['db', 'market'] },
);
