// The simulator end to end on SQLite: universe, determinism, sessions, price band, indices, candles, restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INTERVALS, INTERVAL_MS } from '../../../workers/protocol/market.ts';
import { migrateRaw as migrate } from '../../support/raw-db.ts';
import type { SymbolUpdate } from '../../../server/domain/market/market-source.ts';
import { SimulatedMarket, type SimOptions } from '../../../server/domain/market/simulated-market.ts';
import { buildUniverse } from '../../../server/domain/market/universe.ts';

const pkt = (iso: string) => Date.parse(`${iso}+05:00`);
// Building a market generates thousands of bars; on a loaded 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'market-sim-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function openDb(file = ':memory:') {
  const db = new Database(file);
  migrate(db);
  return db;
}

function sim(start: number, opts: Partial<SimOptions> = {}, db = openDb()) {
  const clock = { now: start };
  const market = new SimulatedMarket(db, {
    seed: 'test',
    historyDays: 20,
    minuteDays: 2,
    clock: () => clock.now,
    ...opts,
  });
  const advance = (ms: number, steps = 1) => {
    for (let i = 0; i < steps; i++) {
      clock.now += ms;
      market.step();
    }
  };
  return { market, clock, advance, db };
}

const THURSDAY_OPEN = pkt('2026-11-19T11:00:00');

describe('universe', () => {
  it('has ≥100 PSX stocks, the four indices and ≥30 USDT pairs, with unique symbols and Urdu names', () => {
    const u = buildUniverse();
    const by = (m: string) => u.filter((s) => s.ins.market === m);
    expect(by('psx').length).toBeGreaterThanOrEqual(100);
    expect(by('crypto').length).toBeGreaterThanOrEqual(30);
    expect(by('index').map((s) => s.ins.symbol)).toEqual(['KSE100', 'KSE30', 'KMI30', 'ALLSHR']);
    expect(new Set(u.map((s) => s.ins.symbol)).size).toBe(u.length);
    for (const s of u) expect(s.ins.nameUr).toMatch(/[\u0600-\u06FF]/);
    for (const c of by('crypto')) expect(c.ins.symbol.endsWith('USDT')).toBe(true);
    for (const sym of [
      'OGDC',
      'PPL',
      'HBL',
      'UBL',
      'MCB',
      'LUCK',
      'ENGRO',
      'FFC',
      'EFERT',
      'HUBC',
      'PSO',
      'MARI',
      'SYS',
      'TRG',
      'MEBL',
      'BAHL',
    ]) {
      expect(by('psx').some((s) => s.ins.symbol === sym)).toBe(true);
    }
    const kse100 = u.find((s) => s.ins.symbol === 'KSE100')!;
    const kse30 = u.find((s) => s.ins.symbol === 'KSE30')!;
    const kmi30 = u.find((s) => s.ins.symbol === 'KMI30')!;
    expect(kse100.constituents).toHaveLength(100);
    expect(kse30.constituents).toHaveLength(30);
    expect(kse30.constituents!.every((s) => kse100.constituents!.includes(s))).toBe(true);
    const shariah = new Set(
      by('psx')
        .filter((s) => s.ins.shariah)
        .map((s) => s.ins.symbol),
    );
    expect(kmi30.constituents!.every((s) => shariah.has(s))).toBe(true);
  });
});

describe('SimulatedMarket', () => {
  it('starts fast with a year of daily bars and minute bars for the whole universe', () => {
    const t0 = performance.now();
    const { market } = sim(THURSDAY_OPEN, { historyDays: 400, minuteDays: 3 });
    // Target < 2–3 s on an idle machine (measured ≈ 1.7 s); the bound leaves room for a busy CI box.
    expect(performance.now() - t0).toBeLessThan(15_000);
    const daily = market.candles('OGDC', '1d', { limit: 1000 });
    expect(daily.length).toBeGreaterThan(250); // ≈ 5 trading days a week for 400 days, minus holidays
    const minutes = market.candles('BTCUSDT', '1m', { limit: 1000 });
    expect(minutes).toHaveLength(1000);
    expect(minutes.at(-1)!.t).toBe(THURSDAY_OPEN - 60_000);
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.t).toBeGreaterThan(minutes[i - 1]!.t);
  });

  it('is deterministic under a seed and differs under another', () => {
    const run = (seed: string) => {
      const { market, advance } = sim(THURSDAY_OPEN, { seed });
      advance(250, 40);
      return [
        market.ticker('OGDC'),
        market.ticker('BTCUSDT'),
        market.ticker('KSE100'),
        market.book('HBL', 5),
      ];
    };
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
  });

  it('trades PSX only in session and crypto around the clock', () => {
    const { market, advance } = sim(pkt('2026-11-21T11:00:00')); // Saturday
    const seen = new Set<string>();
    market.subscribe((t) => t.updates.forEach((u) => u.trades.length && seen.add(u.market)));
    const before = market.ticker('OGDC');
    advance(250, 40);
    expect(seen).toEqual(new Set(['crypto']));
    expect(market.ticker('OGDC')!.p).toBe(before!.p);
    expect(market.ticker('OGDC')!.st).toBe('closed');
    expect(market.session('crypto')).toBe('open');
  });

  it('keeps PSX open all day when alwaysOpen is set', () => {
    const { market, advance } = sim(pkt('2026-11-21T23:00:00'), {
      alwaysOpen: true,
      historyDays: 5,
      minuteDays: 1,
    });
    const seen = new Set<string>();
    market.subscribe((t) => t.updates.forEach((u) => u.trades.length && seen.add(u.market)));
    advance(250, 20);
    expect(seen.has('psx')).toBe(true);
    expect(market.ticker('KSE100')!.st).toBe('open');
  });

  it('never trades outside the daily band, and the band is ±7.5% of the previous close', () => {
    const { market, advance } = sim(THURSDAY_OPEN);
    const info = market.info('KEL')!;
    const pc = Number(info.ticker.pc);
    expect(Number(info.limitUp)).toBeCloseTo(Math.max(pc * 1.075, pc + 1), 1);
    let outside = 0;
    market.subscribe((t) => {
      for (const u of t.updates) {
        if (u.market !== 'psx') continue;
        const i = market.info(u.symbol)!;
        for (const tr of u.trades)
          if (Number(tr.p) > Number(i.limitUp) || Number(tr.p) < Number(i.limitDown)) outside++;
      }
    });
    advance(60_000, 30); // big steps: the walk pushes against the band
    expect(outside).toBe(0);
  });

  it('computes each index from its constituents (cap-weighted, scaled to its base)', () => {
    const { market, advance } = sim(THURSDAY_OPEN);
    advance(250, 10);
    const u = buildUniverse();
    const kse30 = u.find((s) => s.ins.symbol === 'KSE30')!;
    const sharesOf = new Map(u.map((s) => [s.ins.symbol, BigInt(s.shares)]));
    let cap = 0n;
    for (const sym of kse30.constituents!)
      cap += sharesOf.get(sym)! * BigInt(Math.round(Number(market.ticker(sym)!.p) * 100));
    const expected = (cap * BigInt(kse30.base!)) / kse30.capAtBase!;
    expect(Math.round(Number(market.ticker('KSE30')!.p) * 100)).toBe(Number(expected));
  });

  it('serves every interval oldest → newest, and higher intervals agree with the minute bars', () => {
    const { market, advance } = sim(THURSDAY_OPEN);
    advance(250, 20);
    for (const iv of INTERVALS) {
      const bars = market.candles('ETHUSDT', iv, { limit: 50 });
      expect(bars.length).toBeGreaterThan(0);
      for (let i = 1; i < bars.length; i++)
        expect(bars[i]!.t - bars[i - 1]!.t).toBeGreaterThanOrEqual(
          INTERVAL_MS[iv] === 604_800_000 ? INTERVAL_MS[iv] : Math.min(INTERVAL_MS[iv], 86_400_000),
        );
      for (const b of bars) expect(Number(b.h)).toBeGreaterThanOrEqual(Math.max(Number(b.o), Number(b.c)));
    }
    const hour = market.candles('ETHUSDT', '1h', { limit: 2 })[0]!;
    const mins = market.candles('ETHUSDT', '1m', { from: hour.t, to: hour.t + 3_599_999 });
    expect(mins).toHaveLength(60);
    expect(mins[0]!.o).toBe(hour.o);
    expect(mins.at(-1)!.c).toBe(hour.c);
    expect(Math.max(...mins.map((m) => Number(m.h)))).toBe(Number(hour.h));
    expect(mins.reduce((s, m) => s + Number(m.v), 0)).toBeCloseTo(Number(hour.v), 4);
    // The live bar carries the latest price.
    expect(market.candles('ETHUSDT', '1m', { limit: 1 })[0]!.c).toBe(market.ticker('ETHUSDT')!.p);
  });

  it('emits ticker, trades, book deltas and candle updates per step', () => {
    const { market, advance } = sim(THURSDAY_OPEN);
    const got: SymbolUpdate[] = [];
    market.subscribe((t) => got.push(...t.updates));
    advance(250, 8);
    const btc = got.filter((u) => u.symbol === 'BTCUSDT' && u.trades.length > 0);
    expect(btc.length).toBeGreaterThan(0);
    expect(btc[0]!.candles('1m').length).toBeGreaterThan(0);
    expect(got.some((u) => u.market === 'index')).toBe(true);
    const ids = market.trades('BTCUSDT', 200).map((t) => t.i);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps its history across a restart and fills the gap since', () => {
    const file = path.join(tmp, 'restart.db');
    const first = sim(THURSDAY_OPEN, {}, openDb(file));
    first.advance(250, 40);
    const lastBtc = first.market.ticker('BTCUSDT')!.p;
    const dailyBefore = first.market.candles('OGDC', '1d', { limit: 30 });
    first.market.stop();
    first.db.close();

    const db = openDb(file);
    const t0 = performance.now();
    const later = THURSDAY_OPEN + 10_000 + 3 * 3_600_000; // 3 h later
    const second = sim(later, {}, db);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(second.market.candles('OGDC', '1d', { limit: 30 }).slice(0, -1)).toEqual(dailyBefore.slice(0, -1));
    const mins = second.market.candles('BTCUSDT', '1m', { from: THURSDAY_OPEN, to: later });
    expect(mins.length).toBeGreaterThanOrEqual(180); // the gap was filled minute by minute
    expect(mins[0]!.o).toBeDefined();
    expect(
      second.market.candles('BTCUSDT', '1m', { from: THURSDAY_OPEN - 60_000, to: THURSDAY_OPEN }),
    ).toHaveLength(2);
    expect(lastBtc).toMatch(/^\d+\.\d{2}$/);
    db.close();
  });
});
