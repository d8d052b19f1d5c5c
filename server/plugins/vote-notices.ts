// Shareholder voting's messages (`vote-notices`): where this node leads (app.leader), every 30 s it tells the
// holders of each resolution whose record date has come that voting is open, and of each whose deadline has
// passed that the results are out (domain/vote/vote-notices.ts: claimed per resolution, so each message is sent
// once). Passes never overlap; a failing pass is logged and the next one tries again.
import fp from 'fastify-plugin';
import { sendVoteNotices } from '../domain/vote/vote-notices.ts';

export const VOTE_NOTICE_EVERY_MS = 30_000;

export const voteNoticesPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const pass = () => {
      running = sendVoteNotices(app.db, Date.now()).catch((err: unknown) =>
        app.log.error({ err }, 'vote: sending the holders their messages failed'),
      );
    };
    const start = () => {
      if (timer) return;
      timer = setInterval(() => void running.then(pass), VOTE_NOTICE_EVERY_MS);
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
  { name: 'vote-notices', dependencies: ['db'] },
);
