// A feed's source state as the app shows it (live / polling / offline, the time of the last update, since
// when), and when it is worth posting again: on a change of state, else at most once a second for the time.
import type { FeedState, FeedStatus } from '../../protocol/feed-status.ts';

/** Status is re-posted when only its time moved, at most this often (a badge, not a clock). */
const STATUS_TICK_MS = 1000;

export class StatusTracker {
  private current: FeedStatus;
  private sent: FeedStatus | null = null;

  constructor(private readonly now: () => number) {
    this.current = { state: 'offline', lastUpdate: null, since: now() };
  }

  /** The state from the sources, with the time of the last update applied. */
  refresh(up: boolean, pollOk: boolean, lastUpdate: number | null): FeedStatus {
    const state: FeedState = up ? 'live' : pollOk ? 'polling' : 'offline';
    const c = this.current;
    if (state !== c.state) this.current = { state, lastUpdate, since: this.now() };
    else c.lastUpdate = lastUpdate;
    return this.current;
  }

  /** The status when the app should hear it again, else undefined. Call after refresh. */
  due(): FeedStatus | undefined {
    const s = this.current;
    const sent = this.sent;
    const isDue =
      !sent ||
      sent.state !== s.state ||
      (s.lastUpdate !== null &&
        (sent.lastUpdate === null || s.lastUpdate - sent.lastUpdate >= STATUS_TICK_MS));
    if (!isDue) return undefined;
    this.sent = { ...s };
    return this.sent;
  }

  /** A new listener has heard nothing. */
  resend(): void {
    this.sent = null;
  }
}
