// Worker-painted row cells through the market service on fake timers and the fake socket: a painted symbol is
// drawn by the ticker flush without being posted as a ticker row, its accessible label rides in the batch,
// detaching lets the symbol go, and the bench's tick-to-paint samples are taken at the worker's next frame.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CellFont } from '../../../workers/protocol/market-api.ts';
import type { WorkerBatch } from '../../../workers/protocol/worker-api.ts';
import { createMarketWorker } from '../../../workers/market/worker.ts';
import type { Harness } from './service-harness.ts';
import type { MarketState } from '../../../workers/market/state/market-state.ts';
import { LABEL_MS } from '../../../workers/market/paint/cell-painter.ts';
import { FakeSurface, THEME, layout } from './cell-context.ts';
import { delta, FakeRest, fakeSocketFactory, snap, ticker } from './fakes.ts';
import { createHarness } from './service-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const TEMPLATE = 'Price {price}, change {change}, volume {volume}';
const cellLayout = () => layout({ labelTemplate: TEMPLATE });
const labels = (batches: WorkerBatch[]) => batches.flatMap((b) => b.cellLabels ?? []);

/** The service's private state (only to confirm what behaviour already shows). */
const stateOf = (h: Harness) => (h.worker.market as unknown as { state: MarketState }).state;

describe('market service: painted cells', () => {
  it('draws a painted symbol in the ticker flush without posting it as a ticker row; labels ride in the batch', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.setCellTheme(THEME, []);
    const surface = new FakeSurface();
    h.service.attachCell(7, surface, 'AAA', cellLayout());
    expect(surface.ctx.shown()).toEqual(['--', '--', 'Vol', '--']); // no ticker yet
    h.socket().push(
      snap('tickers:psx', 1, [
        ticker('AAA', '1234.50', 1000, { cp: '1.25', v: '1234567' }),
        ticker('BBB', '50.00', 1000),
      ]),
    );
    await h.advance(20);
    expect(surface.ctx.shown()).toEqual(['1,234.50', '1.23M', 'Vol', '+1.25%']);
    expect(h.batches.some((b) => b.tickers)).toBe(false); // no ticker:AAA interest, no rows
    expect(h.rows()).toEqual([]);
    expect(labels(h.batches)).toEqual([{ id: 7, label: 'Price 1,234.50, change +1.25%, volume 1.23M' }]);

    h.batches.splice(0);
    h.socket().push(delta('tickers:psx', 2, [ticker('AAA', '1240.00', 1100, { cp: '1.30', v: '1234567' })]));
    await h.advance(20);
    expect(surface.ctx.shown()[0]).toBe('1,240.00');
    expect(labels(h.batches)).toEqual([]); // the label waits out LABEL_MS
    await h.advance(LABEL_MS);
    expect(labels(h.batches)).toEqual([{ id: 7, label: 'Price 1,240.00, change +1.30%, volume 1.23M' }]);
    expect(h.rows()).toEqual([]);
  });

  it('draws a cell at once with the ticker the state already holds', async () => {
    const h = createHarness();
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '99.50', 1000)]));
    await h.advance(20);
    h.service.setCellTheme(THEME, []);
    const surface = new FakeSurface();
    h.service.attachCell(1, surface, 'AAA', layout({ dpr: 2 }));
    expect([surface.width, surface.height]).toEqual([408, 128]);
    expect(surface.ctx.shown()[0]).toBe('99.50');
  });

  it('a painted symbol that is also shown as a row gets both: the row posted, the cell drawn', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.setCellTheme(THEME, []);
    h.service.subscribe(['ticker:AAA']);
    const surface = new FakeSurface();
    h.service.attachCell(1, surface, 'AAA', cellLayout());
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '101.00', 1000)]));
    await h.advance(20);
    expect(h.rows().map((r) => [r.symbol, r.text.p])).toEqual([['AAA', '101.00']]);
    expect(surface.ctx.shown()[0]).toBe('101.00');
  });

  it('after detachCell the symbol is no longer drawn nor collected for the painter', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.setCellTheme(THEME, []);
    const a = new FakeSurface();
    const b = new FakeSurface();
    h.service.attachCell(1, a, 'AAA', cellLayout());
    h.service.attachCell(2, b, 'AAA', cellLayout());
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000)]));
    await h.advance(20);
    expect(b.ctx.shown()[0]).toBe('100.00');

    h.service.detachCell(1); // another cell still shows AAA
    expect(stateOf(h).painted.has('AAA')).toBe(true);
    h.socket().push(delta('tickers:psx', 2, [ticker('AAA', '101.00', 1100)]));
    await h.advance(20);
    expect(a.ctx.shown()[0]).toBe('100.00');
    expect(b.ctx.shown()[0]).toBe('101.00');

    h.service.detachCell(2);
    expect(stateOf(h).painted.has('AAA')).toBe(false);
    const drawn = b.ctx.draws();
    h.socket().push(delta('tickers:psx', 3, [ticker('AAA', '102.00', 1200)]));
    await h.advance(20);
    expect(b.ctx.draws()).toBe(drawn);
    // Nothing of AAA was held back for the painter: a new cell is drawn once, from the state's ticker, and the
    // next flush has nothing to draw again.
    const c = new FakeSurface();
    h.service.attachCell(3, c, 'AAA', cellLayout());
    expect(c.ctx.shown()[0]).toBe('102.00');
    await h.advance(20);
    expect(c.ctx.draws()).toBe(1);
    expect(stateOf(h).paintPending.size).toBe(0);
  });

  it('relayoutCell resizes and redraws the cell', async () => {
    const h = createHarness();
    h.service.setCellTheme(THEME, []);
    const surface = new FakeSurface();
    h.service.attachCell(1, surface, 'AAA', cellLayout());
    h.service.relayoutCell(1, layout({ width: 300, height: 60, dpr: 1.5 }));
    expect([surface.width, surface.height]).toEqual([450, 90]);
    expect(surface.ctx.draws()).toBe(2);
    expect(surface.ctx.shownRects().at(-1)).toMatchObject({ x: 300 - 82 });
  });

  it('a new batch listener gets every cell label again', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.attachCell(1, new FakeSurface(), 'AAA', cellLayout());
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000)]));
    await h.advance(20);
    expect(labels(h.batches)).toHaveLength(1);
    const next: WorkerBatch[] = [];
    h.service.onBatch((b) => void next.push(b));
    await h.advance(20);
    expect(labels(next)).toEqual([{ id: 1, label: 'Price 100.00, change 0.00%, volume 1.00K' }]);
  });

  it('takePaintSamples is empty without benchPaint', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.setCellTheme(THEME, []);
    h.service.attachCell(1, new FakeSurface(), 'AAA', cellLayout());
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000)]));
    await h.advance(20);
    expect(h.service.takePaintSamples()).toEqual([]);
  });
});

describe('market service: painted cells with frame and font deps', () => {
  function service(opts: { benchPaint?: boolean } = {}) {
    vi.useFakeTimers({ now: 1_000_000 });
    const sock = fakeSocketFactory();
    const rest = new FakeRest({ 'stock/list': () => ({ list: [], total: 0, page: 1, size: 200 }) });
    const frames: (() => void)[] = [];
    let precise = 0;
    const fonts: CellFont[][] = [];
    let fontsLoaded!: () => void;
    const svc = createMarketWorker({
      socketFactory: sock.factory,
      fetch: rest.fetch,
      now: () => Date.now(),
      frame: (cb) => void frames.push(cb),
      preciseNow: () => precise,
      loadFonts: (f) => {
        fonts.push(f);
        return new Promise<void>((r) => (fontsLoaded = r));
      },
    }).api;
    const batches: WorkerBatch[] = [];
    svc.onBatch((b) => void batches.push(b));
    svc.init({ apiBase: 'http://test/api/', wsUrl: 'ws://test/api/ws', tickerFlushMs: 16, ...opts });
    sock.socket().open();
    return {
      svc,
      socket: sock.socket,
      frames,
      fonts,
      loadFonts: () => fontsLoaded(),
      setPrecise: (t: number) => void (precise = t),
      /** Runs the frame callbacks queued so far. */
      runFrames: () => frames.splice(0).forEach((cb) => cb()),
      advance: (ms: number) => vi.advanceTimersByTimeAsync(ms),
    };
  }

  it('with benchPaint, samples each painted tick as preciseNow − its feed time at the next frame', async () => {
    const s = service({ benchPaint: true });
    s.svc.setCellTheme(THEME, []);
    s.svc.attachCell(1, new FakeSurface(), 'AAA', cellLayout());
    s.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 999_000)]));
    await s.advance(16);
    s.socket().push(delta('tickers:psx', 2, [ticker('AAA', '101.00', 999_010)]));
    await s.advance(16);
    expect(s.frames).toHaveLength(1); // one frame asked for both marks
    expect(s.svc.takePaintSamples()).toEqual([]); // not taken before the frame
    s.setPrecise(999_042.5);
    s.runFrames();
    expect(s.svc.takePaintSamples()).toEqual([42.5, 32.5]);
    expect(s.svc.takePaintSamples()).toEqual([]);
    s.socket().push(delta('tickers:psx', 3, [ticker('AAA', '102.00', 999_100)]));
    await s.advance(16);
    s.setPrecise(999_105);
    s.runFrames();
    expect(s.svc.takePaintSamples()).toEqual([5]);
  });

  it('without benchPaint never asks for a frame', async () => {
    const s = service();
    s.svc.setCellTheme(THEME, []);
    s.svc.attachCell(1, new FakeSurface(), 'AAA', cellLayout());
    s.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 999_000)]));
    await s.advance(32);
    expect(s.frames).toEqual([]);
    expect(s.svc.takePaintSamples()).toEqual([]);
  });

  it('setCellTheme loads the fonts it is given and draws every cell again once they load', async () => {
    const s = service();
    const font: CellFont = {
      family: 'Noto Nastaliq Urdu',
      url: 'http://test/f.woff2',
      weight: '400',
      unicodeRange: 'U+0600-06FF',
    };
    const surface = new FakeSurface();
    s.svc.attachCell(1, surface, 'AAA', cellLayout());
    expect(surface.ctx.draws()).toBe(0); // no theme yet
    s.svc.setCellTheme(THEME, [font]);
    expect(s.fonts).toEqual([[font]]);
    expect(surface.ctx.draws()).toBe(1);
    s.loadFonts();
    await s.advance(0);
    expect(surface.ctx.draws()).toBe(2);
    s.svc.setCellTheme(THEME, []);
    expect(s.fonts).toHaveLength(1); // no fonts, no load
  });
});
