// Sends Web Push messages (RFC 8030 + 8291 payload encryption + 8292 VAPID) off the market's path: callers
// enqueue and return at once; a few sends run at a time. web-push builds each request (encrypts the payload
// with the subscription's keys, signs the VAPID JWT); we send it with fetch. A 404 / 410 answer means the
// subscription expired: it is deleted. Other failures (network, 429, 5xx) are retried with a growing delay
// up to MAX_ATTEMPTS, then logged and dropped. The queue is capped: beyond it a push is dropped and logged
// (the message centre still has the message).
import webpush from 'web-push';
import type { PushPayload } from '../../../contract/alerts.ts';
import type { Db } from '../../db/database.ts';
import { deleteSubscriptionById, userSubscriptions, type PushSubscriptionRow } from './alerts-repo.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const MAX_ATTEMPTS = 3;
export const MAX_QUEUE = 10_000;
const CONCURRENCY = 4;
const TTL_SECONDS = 6 * 3600;

export interface PushLog {
  warn(obj: object, msg: string): void;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  allowHttp: boolean;
  log: PushLog;
  /** delay before retry n (1-based), ms */
  retryDelayMs?: (attempt: number) => number;
}

interface Job {
  sub: PushSubscriptionRow;
  payload: PushPayload;
  attempt: number;
}

/**
 * The push services browsers subscribe with (Chrome/Edge/Opera: FCM; Firefox: Mozilla autopush; Safari: Apple;
 * legacy Edge: WNS). The server POSTs to a subscription's endpoint, so an endpoint on any other host is refused:
 * otherwise a user could make the server send requests to an address of their choosing (SSRF).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

function knownPushHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * Whether an endpoint may be sent to: https on a known push service; with `allowHttp` (PUSH_ALLOW_HTTP=1, the
 * tests' local stand-in push service only) any http or https host.
 */
export function endpointAllowed(endpoint: string, allowHttp: boolean): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowHttp) return u.protocol === 'https:' || u.protocol === 'http:';
  return u.protocol === 'https:' && u.port === '' && knownPushHost(u.hostname.toLowerCase());
}

export class PushSender {
  private readonly queue: Job[] = [];
  private running = 0;
  private timers = new Set<NodeJS.Timeout>();
  private waiters: (() => void)[] = [];
  private closed = false;
  /** pushes sent and accepted (2xx), for tests and logs */
  delivered = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: PushSenderOptions,
  ) {}

  /** Queues `payloadFor(lang)` to every device of `userId` (the subscriptions are read here, not on a tick). */
  async toUser(userId: number, payloadFor: (lang: string) => PushPayload): Promise<void> {
    const subs = await userSubscriptions(this.db, userId);
    for (const sub of subs) this.push({ sub, payload: payloadFor(sub.lang), attempt: 1 });
  }

  /** Resolves once nothing is queued, sending or waiting for a retry. */
  idle(): Promise<void> {
    if (this.busy()) return new Promise((resolve) => this.waiters.push(resolve));
    return Promise.resolve();
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queue.length = 0;
    this.settle();
  }

  private busy(): boolean {
    return this.queue.length > 0 || this.running > 0 || this.timers.size > 0;
  }

  private settle(): void {
    if (this.busy()) return;
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private push(job: Job): void {
    if (this.closed) return;
    if (this.queue.length >= MAX_QUEUE) {
      this.opts.log.warn({ userId: job.sub.user_id }, 'push: queue full, a push was dropped');
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running += 1;
      void this.send(job).finally(() => {
        this.running -= 1;
        this.pump();
        this.settle();
      });
    }
  }

  private async send(job: Job): Promise<void> {
    const { sub } = job;
    let status = 0;
    let failure: unknown;
    try {
      if (!endpointAllowed(sub.endpoint, this.opts.allowHttp)) {
        await deleteSubscriptionById(this.db, sub.id);
        return;
      }
      const req = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(job.payload),
        {
          vapidDetails: { subject: this.opts.subject, ...this.opts.keys },
          TTL: TTL_SECONDS,
          urgency: 'high',
          topic: job.payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        },
      );
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (status >= 200 && status < 300) {
        this.delivered += 1;
        return;
      }
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(this.db, sub.id);
        return;
      }
    } catch (err) {
      failure = err;
    }
    if (job.attempt >= MAX_ATTEMPTS || this.closed) {
      this.opts.log.warn(
        { err: failure, status, userId: sub.user_id, attempts: job.attempt },
        'push: giving up on a push',
      );
      return;
    }
    const delay = (this.opts.retryDelayMs ?? ((n) => 1000 * 2 ** (n - 1)))(job.attempt);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.push({ ...job, attempt: job.attempt + 1 });
      this.settle();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
