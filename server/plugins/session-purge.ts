// Deletes dead (expired or revoked) login sessions once when the app starts and then every
// `config.sessionPurgeMin` minutes, so the sessions and tokens tables hold only sessions that can still be used.
import { purgeDeadSessions } from '../domain/auth/sessions-repo.ts';
import fp from 'fastify-plugin';

/** `everyMs` overrides the configured period (tests); by default config.sessionPurgeMin minutes. */
export const sessionPurgePlugin = fp<{ everyMs?: number }>(
  async (app, opts) => {
    const everyMs = opts.everyMs ?? app.config.sessionPurgeMin * 60_000;
    let running: Promise<void> | null = null;
    const purgeOnce = async () => {
      try {
        const n = await purgeDeadSessions(app.db);
        if (n > 0) app.log.info({ sessions: n }, 'auth: purged dead sessions');
      } catch (err) {
        // A busy database this time is retried at the next tick; the purge never takes the server down.
        app.log.error({ err }, 'auth: session purge failed');
      }
    };
    // One purge at a time: a tick that comes while the last one still runs is skipped.
    const purge = (): Promise<void> =>
      (running ??= purgeOnce().finally(() => {
        running = null;
      }));
    await purge();
    const timer = setInterval(() => void purge(), everyMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // The database closes after this plugin: let a purge in progress finish first.
      await running;
    });
  },
  { name: 'session-purge', dependencies: ['config', 'db'] },
);
