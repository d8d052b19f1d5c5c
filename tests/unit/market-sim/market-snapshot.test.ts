// Snapshots without a database: a copy of the market taken mid-stream and fed the leader's records over JSON
// gives the same ticks (seqs included) and ends in the same state; a snapshot is a deep, versioned copy.
import { describe, expect, it } from 'vitest';
import { INTERVALS } from '../../../workers/protocol/market.ts';
import {
  SNAPSHOT_VERSION,
  restoreSnapshot,
  takeSnapshot,
} from '../../../server/domain/market/market-snapshot.ts';
import { applyStep } from '../../../server/domain/market/step-apply.ts';
import { tickOf } from '../../../server/domain/market/step-emit.ts';
import { buildUniverse } from '../../../server/domain/market/universe.ts';
import { overWire, plainTick, stepper } from './market-fixture.ts';

const pkt = (iso: string) => Date.parse(`${iso}+05:00`);
const THURSDAY_OPEN = pkt('2026-11-19T11:00:00');
const sims = new Map(buildUniverse().map((s) => [s.ins.symbol, s]));

describe('snapshots', () => {
  it('a copy taken mid-stream and fed the records over JSON emits the same ticks and ends equal', () => {
    const leader = stepper(THURSDAY_OPEN);
    for (let i = 0; i < 30; i++) leader.step(250);
    // Mid-minute, with live bars, books and tapes: the replica starts here.
    leader.step(37_000);
    const snap = overWire(takeSnapshot(leader.live, false));
    expect(snap.v).toBe(SNAPSHOT_VERSION);
    expect(snap.n).toBe(31);
    const replica = restoreSnapshot(snap, sims);
    // Across minute boundaries, a PSX break and back (stale bars close, a day rolls).
    const plan: [number, 'open' | 'break'][] = [
      ...Array.from({ length: 40 }, () => [250, 'open'] as [number, 'open']),
      [61_000, 'open'],
      [20_000, 'break'],
      [40_000, 'open'],
      [86_400_000, 'open'],
      ...Array.from({ length: 20 }, () => [750, 'open'] as [number, 'open']),
    ];
    for (const [ms, st] of plan) {
      const { record, tick } = leader.step(ms, st);
      const mine = plainTick(tickOf(replica, applyStep(replica, overWire(record))));
      expect(mine).toEqual(tick);
    }
    expect(takeSnapshot(replica, false)).toEqual(takeSnapshot(leader.live, false));
    const kse = replica.states.get('KSE100')!;
    expect(kse.bars.get('1d')).toEqual(leader.live.states.get('KSE100')!.bars.get('1d'));
    for (const iv of INTERVALS) expect(replica.states.get('BTCUSDT')!.bars.has(iv)).toBe(true);
  });

  it('is a deep copy: later steps do not change a snapshot already taken', () => {
    const m = stepper(THURSDAY_OPEN);
    for (let i = 0; i < 5; i++) m.step(250);
    const snap = takeSnapshot(m.live, true);
    const frozen = overWire(snap);
    for (let i = 0; i < 20; i++) m.step(15_000);
    expect(snap).toEqual(frozen);
    expect(snap.alwaysOpen).toBe(true);
  });

  it('refuses a snapshot of another version, and leaves out symbols this node does not know', () => {
    const m = stepper(THURSDAY_OPEN);
    m.step(250);
    const snap = overWire(takeSnapshot(m.live, false));
    expect(() => restoreSnapshot({ ...snap, v: 2 as 1 }, sims)).toThrow(/version/);
    const fewer = new Map([...sims].filter(([sym]) => sym !== 'OGDC'));
    const r = restoreSnapshot(snap, fewer);
    expect(r.states.has('OGDC')).toBe(false);
    expect(r.byMarket.psx.length).toBe(m.live.byMarket.psx.length - 1);
  });
});
