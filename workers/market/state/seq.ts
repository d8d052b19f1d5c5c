// Per-channel sequence tracking for the WebSocket (protocol/market.ts): a snap sets the channel's seq, each
// delta must be seq + 1. Anything else is either a stale leftover (drop) or a gap (resubscribe for a snap).

/** Channel → last applied seq. Absent = waiting for a snap (fresh subscription, reconnect, gap, resync). */
export type ChannelSeqs = Map<string, number>;

export type DeltaVerdict = 'apply' | 'stale' | 'gap' | 'unsynced';

export function createChannelSeqs(): ChannelSeqs {
  return new Map();
}

export function acceptSnap(seqs: ChannelSeqs, ch: string, seq: number): void {
  seqs.set(ch, seq);
}

/**
 * Judges one delta and advances the channel on 'apply'. A gap forgets the channel, so every delta until the
 * fresh snap is 'unsynced' (dropped) instead of being applied on top of a hole.
 */
export function judgeDelta(seqs: ChannelSeqs, ch: string, seq: number): DeltaVerdict {
  const last = seqs.get(ch);
  if (last === undefined) return 'unsynced';
  if (seq <= last) return 'stale';
  if (seq !== last + 1) {
    seqs.delete(ch);
    return 'gap';
  }
  seqs.set(ch, seq);
  return 'apply';
}
