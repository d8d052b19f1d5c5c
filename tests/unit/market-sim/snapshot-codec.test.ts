// The market snapshot's form in Redis: a version byte and brotli of the JSON; the previous release's plain JSON
// still reads; anything else (unknown version, damage, nothing) reads as "no snapshot".
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MarketSnapshot } from '../../../server/domain/market/market-snapshot.ts';
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_V1 } from '../../../server/domain/market/snapshot-codec.ts';

// The codec does not look inside: any JSON value of the snapshot's type will do.
const snap = {
  runId: 'r',
  n: 7,
  states: Array.from({ length: 500 }, (_, i) => ({ symbol: `S${i}`, last: '12.34', book: [[1, 2]] })),
} as unknown as MarketSnapshot;

describe('market snapshot codec', () => {
  it('writes version 1 and reads back the same snapshot, several times smaller than its JSON', async () => {
    const stored = await encodeSnapshot(snap);
    expect(stored[0]).toBe(SNAPSHOT_V1);
    expect(stored.length * 4).toBeLessThan(JSON.stringify(snap).length);
    expect(await decodeSnapshot(stored)).toEqual(snap);
  });

  it("reads a previous release's plain JSON snapshot", async () => {
    expect(await decodeSnapshot(Buffer.from(JSON.stringify(snap)))).toEqual(snap);
  });

  it('reads an unknown version, a damaged body or nothing as no snapshot', async () => {
    const stored = await encodeSnapshot(snap);
    const later = Buffer.concat([Buffer.of(2), brotliCompressSync(Buffer.from(JSON.stringify(snap)))]);
    expect(await decodeSnapshot(later)).toBeUndefined();
    expect(await decodeSnapshot(stored.subarray(0, stored.length >> 1))).toBeUndefined();
    expect(await decodeSnapshot(Buffer.alloc(0))).toBeUndefined();
    expect(await decodeSnapshot(null)).toBeUndefined();
  });
});
