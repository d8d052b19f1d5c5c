// A feed's source state as the app shows it (live / polling / offline, the time of the last update, since
// when, where it came from, whether offline is settled), and when it is worth posting again: on a change of
// state, source or settledness, else at most once a second for the time.
import type { FeedSource, FeedState, FeedStatus } from '../../protocol/feed-status.ts';

/** Status is re-posted when only its time moved, at most this often (a badge, not a clock). */
const STATUS_TICK_MS = 1000;

export interface SourceFacts {
  /** The socket delivers. */
  up: boolean;
  /** The last polling round delivered (while the socket is down). */
  pollOk: boolean;
  lastUpdate: number | null;
  source: FeedSource | null;
  /** Offline is certain: no network on the device, or a round failed since the socket was lost. */
  settled: boolean;
}

export class StatusTracker {
  private current: FeedStatus;
  private sent: FeedStatus | null = null;

  constructor(private readonly now: () => number) {
    this.current = { state: 'offline', lastUpdate: null, since: now() };
  }

  /** The state from the sources, with the time of the last update applied. */
  refresh(f: SourceFacts): FeedStatus {
    const state: FeedState = f.up ? 'live' : f.pollOk ? 'polling' : 'offline';
    const c = this.current;
    if (state !== c.state) this.current = { state, lastUpdate: f.lastUpdate, since: this.now() };
    else c.lastUpdate = f.lastUpdate;
    const s = this.current;
    if (f.source) s.source = f.source;
    else delete s.source;
    if (state === 'offline' && f.settled) s.settled = true;
    else delete s.settled;
    return s;
  }

  /** The status when the app should hear it again, else undefined. Call after refresh. */
  due(): FeedStatus | undefined {
    const s = this.current;
    const sent = this.sent;
    const isDue =
      !sent ||
      sent.state !== s.state ||
      sent.source !== s.source ||
      sent.settled !== s.settled ||
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
