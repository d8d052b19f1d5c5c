// Crypto deposits' shared service (`app.deposits`): the key deposit addresses are derived from
// (DEPOSIT_ADDRESS_SECRET, else DATA_DIR/deposit-address.key), and the simulated chain's two timers, run only
// by the node that leads (app.leader, the market's lease): one mines a block per chain every
// SIM_CHAIN_BLOCK_MS, one runs the watcher every SIM_CHAIN_WATCH_MS (0 turns either off: tests drive them).
import fp from 'fastify-plugin';
import { DEPOSIT_ADDRESS_KEY_FILE } from '../domain/deposits/deposit-addresses.ts';
import { advance, watchOnce, type WatchOutcome } from '../domain/deposits/sim-chain.ts';
import { agreeOnSecret } from '../domain/cluster/shared-secrets.ts';
import { loadServerKey } from '../domain/sms/code-secret.ts';

export interface DepositsService {
  /** HMAC key of the deposit addresses */
  addressKey: Buffer;
  /** One watcher pass now (tests, the back-office command); passes never overlap on this node. */
  watch(): Promise<WatchOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deposits: DepositsService;
  }
}

export const depositsPlugin = fp(
  async (app) => {
    const { dataDir, deposits: cfg } = app.config;
    const addressKey = loadServerKey(dataDir, DEPOSIT_ADDRESS_KEY_FILE, cfg.addressSecret);
    await agreeOnSecret(app.db, 'deposit-address', addressKey, 'DEPOSIT_ADDRESS_SECRET');
    let running: Promise<WatchOutcome> | null = null;
    const watch = (): Promise<WatchOutcome> =>
      (running ??= watchOnce(app.db, Date.now()).finally(() => {
        running = null;
      }));
    app.decorate('deposits', {
      addressKey,
      watch,
    } satisfies DepositsService);

    const timers: NodeJS.Timeout[] = [];
    const start = () => {
      if (timers.length > 0) return;
      const every = (ms: number, fn: () => Promise<unknown>, what: string) => {
        if (ms <= 0) return;
        const t = setInterval(() => {
          fn().catch((err: unknown) => app.log.error({ err }, `deposits: ${what} failed`));
        }, ms);
        t.unref();
        timers.push(t);
      };
      every(cfg.simBlockMs, () => advance(app.db, 1), 'mining a block');
      every(cfg.watchMs, watch, 'chain watcher');
    };
    const stop = () => {
      for (const t of timers.splice(0)) clearInterval(t);
    };
    const off = app.leader.onChange((leading) => (leading ? start() : stop()));
    if (app.leader.leading) start();
    app.addHook('onClose', async () => {
      off();
      stop();
      await running;
    });
  },
  { name: 'deposits', dependencies: ['config', 'db', 'market'] },
);
