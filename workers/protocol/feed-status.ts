// A feed's source state as the app shows it (CONVENTIONS rule 6: live data carries its state and the time of
// its last update). Its own module so every feed's API slice can name it without importing the joins.

/** 'live' = socket delivering; 'polling' = socket down, REST polling delivering; 'offline' = neither. */
export type FeedState = 'live' | 'polling' | 'offline';

export interface FeedStatus {
  state: FeedState;
  /** Epoch ms of the last message applied (socket or polling); null before the first. */
  lastUpdate: number | null;
  /** Epoch ms when `state` last changed. */
  since: number;
}
