// Personal messages reach Web Push: the one place where a message of any kind (order filled, deposit credited
// or rejected, withdrawal paid or rejected, KYC result, IPO, loan, robot / fund, liquidation, price alert) is
// also sent to the user's devices, each in its own language. Writers know nothing of it: they insert the
// message (messages-repo.ts insertMessage, or event-messages.ts inside their transaction) and the row starts
// with pushed = 0 (migration 190). The leader scans those rows every second (a partial index holds only
// them), claims a batch by setting pushed = 1 (UPDATE … RETURNING, so a second node that briefly thinks it
// leads claims nothing twice) and queues a push per device through the existing sender (queue, retries,
// 404 / 410 clean-up) unless the user turned that kind off (push-prefs-repo.ts). Only committed messages are
// seen, so a rolled-back event never pushes. At-most-once: a leader that dies between claiming and queuing
// loses those pushes; the messages stay in the message centre.
import { pushKindOf, type PushPayload } from '../../../contract/alerts.ts';
import type { Db } from '../../db/database.ts';
import type { Translator } from '../../i18n/translator.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { kindsOffOf } from '../alerts/push-prefs-repo.ts';
import type { PushSender } from '../alerts/push-sender.ts';
import { toUserMessage, type MessageRow } from './messages-repo.ts';

const BATCH = 200;
export const SCAN_INTERVAL_MS = 1000;

/** Notifications with one tag replace each other: one per price alert, else one per message. */
export function pushTag(r: Pick<MessageRow, 'id' | 'kind' | 'event_key'>): string {
  if (r.kind === 'alert') {
    const alertId = r.event_key.split(':')[1];
    if (alertId) return `alert-${alertId}`;
  }
  return `${r.kind}-${r.id}`;
}

const langOf = (l: string): Lang => (l === 'en-US' ? 'en-US' : 'ur-PK');

export class MessagePush {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** messages pushed (to at least the queue), for tests and logs */
  pushed = 0;

  constructor(
    private readonly db: Db,
    private readonly translator: Translator,
    private readonly sender: Pick<PushSender, 'toUser'>,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(intervalMs = SCAN_INTERVAL_MS): void {
    this.timer ??= setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Starts a scan now (or right after the running one). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.scan()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Handles every message waiting now (tests; a scan of the timer does the same). */
  async drain(): Promise<void> {
    await this.running;
    await this.scan();
  }

  private async scan(): Promise<void> {
    for (;;) {
      const ids = await this.db
        .selectFrom('user_messages')
        .select('id')
        .where('pushed', '=', 0)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (ids.length === 0) return;
      const rows = (await this.db
        .updateTable('user_messages')
        .set({ pushed: 1 })
        .where(
          'id',
          'in',
          ids.map((r) => r.id),
        )
        .where('pushed', '=', 0)
        .returningAll()
        .execute()) as MessageRow[];
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      const off = await kindsOffOf(
        this.db,
        rows.map((r) => Number(r.user_id)),
      );
      for (const r of rows) {
        if (off.get(Number(r.user_id))?.has(pushKindOf(r.kind))) continue;
        const row = { ...r, id: Number(r.id) };
        await this.sender.toUser(Number(r.user_id), (l): PushPayload => {
          const m = toUserMessage(row, langOf(l), this.translator);
          return { title: m.title, body: m.body, url: m.link, tag: pushTag(row) };
        });
        this.pushed += 1;
      }
      if (ids.length < BATCH) return;
    }
  }
}
