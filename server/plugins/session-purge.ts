// Deletes dead (expired or revoked) login sessions once when the app starts and then every
// `config.sessionPurgeMin` minutes, so the sessions and tokens tables hold only sessions that can still be used.
import { purgeDeadSessions } from '../domain/auth/sessions-repo.sync.ts';
import { globalPlugin } from './global-plugin.ts';

export const sessionPurgePlugin = globalPlugin<{ everyMs: number }>('session-purge', async (app, opts) => {
  const purge = () => {
    try {
      const n = purgeDeadSessions(app.rawDb);
      if (n > 0) app.log.info({ sessions: n }, 'auth: purged dead sessions');
    } catch (err) {
      // A busy database this time is retried at the next tick; the purge never takes the server down.
      app.log.error({ err }, 'auth: session purge failed');
    }
  };
  purge();
  const timer = setInterval(purge, opts.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
