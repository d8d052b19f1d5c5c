// Price alerts and Web Push (`app.alerts`): the VAPID keys (domain/alerts/vapid-keys.ts), the push queue
// (push-sender.ts), and, where this node leads (always, on one node), the alert watch on the market's steps
// (alert-watch.ts), the hourly clean-up of fired one-shot alerts, and the push of personal messages
// (domain/content/message-push.ts: every message kind reaches the user's devices from there). The routes may run on any node: they announce each added or deleted alert on the bus
// channel `alerts:changed`, and the leader's watch applies it; after a lost bus connection the leader
// rebuilds its index from the database.
import fp from 'fastify-plugin';
import { AlertWatch } from '../domain/alerts/alert-watch.ts';
import type { AlertRow } from '../domain/alerts/alerts-repo.ts';
import { PushSender } from '../domain/alerts/push-sender.ts';
import { loadVapidKeys, type VapidKeys } from '../domain/alerts/vapid-keys.ts';
import { agreeOnSecret } from '../domain/cluster/shared-secrets.ts';
import { MessagePush } from '../domain/content/message-push.ts';

export const ALERTS_CHANNEL = 'alerts:changed';
const PURGE_EVERY_MS = 3600_000;

type Change = { op: 'add'; row: AlertRow } | { op: 'del'; id: number };

export interface AlertsService {
  keys: VapidKeys;
  sender: PushSender;
  /** The leader's watch while this node leads (tests wait on it). */
  readonly watch: AlertWatch | undefined;
  /** The leader's push of personal messages while this node leads (tests drain it). */
  readonly messages: MessagePush | undefined;
  /** Announces an added alert to the leader. */
  added(row: AlertRow): void;
  /** Announces a deleted alert to the leader. */
  deleted(id: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsService;
  }
}

export const alertsPlugin = fp(
  async (app) => {
    const { push, dataDir } = app.config;
    const keys = loadVapidKeys(dataDir, { publicKey: push.vapidPublicKey, privateKey: push.vapidPrivateKey });
    await agreeOnSecret(app.db, 'vapid', keys.privateKey, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    const sender = new PushSender(app.db, {
      keys,
      subject: push.subject,
      allowHttp: push.allowHttp,
      log: app.log,
    });
    const report = (err: unknown) => app.log.error({ err }, 'alerts: a firing failed');
    let watch: AlertWatch | undefined;
    let messages: MessagePush | undefined;
    let purgeTimer: NodeJS.Timeout | undefined;
    let detach: (() => void) | undefined;
    const apply = (c: Change) => {
      if (!watch) return;
      if (c.op === 'add') watch.add(c.row);
      else watch.remove(c.id);
    };
    const service: AlertsService = {
      keys,
      sender,
      get watch() {
        return watch;
      },
      get messages() {
        return messages;
      },
      added: (row) => {
        app.bus.publish(ALERTS_CHANNEL, JSON.stringify({ op: 'add', row } satisfies Change));
      },
      deleted: (id) => {
        app.bus.publish(ALERTS_CHANNEL, JSON.stringify({ op: 'del', id } satisfies Change));
      },
    };
    app.decorate('alerts', service);
    const stopBus = app.bus.subscribe(ALERTS_CHANNEL, (message) => apply(JSON.parse(message) as Change));
    const stopReconnect = app.bus.onReconnect(() => {
      watch?.load().catch(report);
    });
    await app.bus.ready();

    let changes = Promise.resolve();
    const lead = async (leading: boolean) => {
      if (leading && !watch) {
        const w = new AlertWatch(app.db, app.market, report);
        watch = w;
        await w.load();
        detach = w.attach();
        messages = new MessagePush(app.db, app.translator, sender, (err: unknown) =>
          app.log.error({ err }, 'push: personal messages failed'),
        );
        messages.start();
        const purge = () => void w.purge(Date.now()).catch(report);
        purge();
        purgeTimer = setInterval(purge, PURGE_EVERY_MS);
        purgeTimer.unref();
      } else if (!leading && watch) {
        const w = watch;
        const m = messages;
        watch = undefined;
        messages = undefined;
        clearInterval(purgeTimer);
        detach?.();
        detach = undefined;
        await w.idle();
        await m?.stop();
      }
    };
    await lead(app.leader.leading);
    const stopWatch = app.leader.onChange((leading) => {
      changes = changes.then(() => lead(leading)).catch(report);
    });
    app.addHook('onClose', async () => {
      stopWatch();
      stopBus();
      stopReconnect();
      await changes;
      await lead(false);
      sender.close();
    });
  },
  { name: 'alerts', dependencies: ['config', 'db', 'bus', 'market', 'translator'] },
);
