// Step records without a database: a record says everything a step did (prints, books, index moves, day
// rolls), survives JSON, and numbers the steps; applying it advances the update counters.
import { describe, expect, it } from 'vitest';
import { fromBookPatch, toBookPatch } from '../../../server/domain/market/step-record.ts';
import { buildUniverse } from '../../../server/domain/market/universe.ts';
import { overWire, stepper } from './market-fixture.ts';

const pkt = (iso: string) => Date.parse(`${iso}+05:00`);
const THURSDAY_OPEN = pkt('2026-11-19T11:00:00');
const sims = new Map(buildUniverse().map((s) => [s.ins.symbol, s]));

describe('step records', () => {
  it('are JSON-safe and number the steps of a run', () => {
    const m = stepper(THURSDAY_OPEN);
    const first = m.step(250).record;
    expect(first).toMatchObject({ run: 'run-1', n: 1, ts: THURSDAY_OPEN + 250, st: 'open' });
    // Yesterday's session: the first open step rolls every symbol's day, indices included.
    expect(first.roll).toHaveLength(sims.size);
    const second = m.step(250).record;
    expect(second.n).toBe(2);
    expect(second.roll).toBeUndefined();
    expect(overWire(second)).toEqual(second);
    const [sym, traded] = Object.entries(second.s!)[0]!;
    expect(sims.has(sym)).toBe(true);
    expect(traded.p.length).toBeGreaterThanOrEqual(1);
    for (const [price, qty, side] of traded.p) {
      expect(Number.isSafeInteger(price) && Number.isSafeInteger(qty)).toBe(true);
      expect(['b', 's']).toContain(side);
    }
    for (const move of Object.values(second.x ?? {})) expect(typeof move![2]).toBe('string');
  });

  it('write a book change as price steps and quantities, and read it back exactly', () => {
    const delta = {
      bids: [
        [10_050, 7],
        [10_049, 0],
        [10_040, 12],
      ] as [number, number][],
      asks: [[10_051, 3]] as [number, number][],
    };
    const patch = toBookPatch(delta);
    expect(patch).toEqual([
      [10_050, 7, -1, 0, -9, 12],
      [10_051, 3],
    ]);
    expect(fromBookPatch(overWire(patch))).toEqual(delta);
    expect(fromBookPatch(toBookPatch({ bids: [], asks: [] }))).toEqual({ bids: [], asks: [] });
  });

  it('closed PSX: only crypto trades, no index moves, nothing rolls for PSX', () => {
    const m = stepper(THURSDAY_OPEN);
    const r = m.step(250, 'closed').record;
    const traded = Object.keys(r.s ?? {});
    expect(traded.length).toBeGreaterThan(0);
    for (const sym of traded) expect(sims.get(sym)!.ins.market).toBe('crypto');
    expect(r.x).toBeUndefined();
    for (const sym of r.roll ?? []) expect(sims.get(sym)!.ins.market).toBe('crypto');
  });

  it('advance each changed symbol’s counter and each market’s counter once per step', () => {
    const m = stepper(THURSDAY_OPEN);
    m.step(250);
    const before = new Map([...m.live.states].map(([sym, s]) => [sym, s.seq]));
    const seqBefore = { ...m.live.seq };
    const { tick } = m.step(250);
    const changed = new Set(tick.updates.map((u) => u.symbol));
    for (const [sym, s] of m.live.states) expect(s.seq).toBe(before.get(sym)! + (changed.has(sym) ? 1 : 0));
    for (const u of tick.updates) expect(u.seq).toBe(m.live.states.get(u.symbol)!.seq);
    for (const market of ['psx', 'index', 'crypto'] as const) {
      expect(m.live.seq[market]).toBe(seqBefore[market] + 1);
      expect(tick.marketSeq[market]).toBe(m.live.seq[market]);
    }
    // PSX closes: every PSX stock and index goes out once, with the new state, though none printed…
    const turn = m.step(250, 'closed').tick;
    expect(turn.marketSeq.psx).toBe(seqBefore.psx + 2);
    const psx = turn.updates.filter((u) => u.market !== 'crypto');
    expect(psx).toHaveLength(m.live.byMarket.psx.length + m.live.byMarket.index.length);
    for (const u of psx) expect(u.ticker.st).toBe('closed');
    // …and then nothing more while it stays closed.
    const quiet = m.step(250, 'closed').tick;
    expect(quiet.marketSeq.psx).toBeUndefined();
    expect(m.live.seq.psx).toBe(seqBefore.psx + 2);
  });
});
