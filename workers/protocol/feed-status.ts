// A feed's source state as the app shows it (CONVENTIONS rule 6: live data carries its state and the time of
// its last update). Its own module so every feed's API slice can name it without importing the joins.

/** 'live' = socket delivering; 'polling' = socket down, REST polling delivering; 'offline' = neither. */
export type FeedState = 'live' | 'polling' | 'offline';

/**
 * Where the figures of `lastUpdate` came from: the socket, a polling round, or the portfolio this device saved
 * (an offline start shows that until a source delivers).
 */
export type FeedSource = 'socket' | 'polling' | 'saved';

export interface FeedStatus {
  state: FeedState;
  /** Epoch ms of the last message applied (socket or polling); null before the first. */
  lastUpdate: number | null;
  /** Epoch ms when `state` last changed. */
  since: number;
  /** What delivered `lastUpdate` (absent before the first). */
  source?: FeedSource;
  /**
   * Offline for sure, not still connecting: the device reports no network, or a polling round failed after
   * the socket was lost. The app stops saying "connecting" at once then.
   */
  settled?: boolean;
}
