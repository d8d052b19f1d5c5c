// The worker's cell painter (workers/market/paint/cell-painter.ts) on fake surfaces and a clock the tests
// move: what each attached cell shows, the flash rule (ticker-time gap, wall-clock show time), the throttled
// accessible labels, and the life of cells (detach, two cells for one symbol, relayout, theme).
import { beforeEach, describe, expect, it } from 'vitest';
import { CellPainter, LABEL_MS, tickerFigures } from '../../../workers/market/paint/cell-painter.ts';
import { FLASH_MIN_GAP_MS, FLASH_SHOW_MS } from '../../../workers/protocol/quote-cell.ts';
import type { Ticker } from '../../../workers/protocol/market.ts';
import { FakeSurface, THEME, layout } from './cell-context.ts';
import { ticker } from './fakes.ts';

const TEMPLATE = '{price} {change} {volume}';

let now: number;
let painted: number[];
let painter: CellPainter;

beforeEach(() => {
  now = 50_000;
  painted = [];
  painter = new CellPainter(
    () => now,
    (t) => painted.push(t),
  );
});

function aaa(p: string, t: number, extra: Partial<Ticker> = {}): Ticker {
  return ticker('AAA', p, t, { cp: '1.25', v: '1234567', ...extra });
}

/** Attaches a fresh surface (themed painter unless told otherwise). */
function attach(id: number, symbol: string, current?: Ticker, over: Parameters<typeof layout>[0] = {}) {
  const surface = new FakeSurface();
  painter.attach(id, surface, symbol, layout({ labelTemplate: TEMPLATE, ...over }), current);
  return surface;
}

/** The tint colour behind the price right now, if any (the pill is the other rect). */
function tint(s: FakeSurface): unknown {
  const rects = s.ctx.shownRects();
  return rects.length > 1 ? rects[0]!.fillStyle : null;
}

describe('tickerFigures', () => {
  it('formats the wire decimals: grouped price, abbreviated volume, signed percent; tone from cp', () => {
    expect(tickerFigures(aaa('1234.5', 1), null)).toEqual({
      price: '1,234.5',
      volume: '1.23M',
      changePct: '+1.25%',
      tone: 'up',
      flash: null,
    });
    expect(tickerFigures(aaa('99.10', 1, { cp: '-0.50', v: '999' }), 'down')).toEqual({
      price: '99.10',
      volume: '999.00',
      changePct: '-0.50%',
      tone: 'down',
      flash: 'down',
    });
    expect(tickerFigures(aaa('100', 1, { cp: '0.00' }), null).tone).toBe('flat');
    expect(tickerFigures(aaa('100', 1, { cp: '-0.00' }), null)).toMatchObject({
      tone: 'flat',
      changePct: '0.00%',
    });
  });
});

describe('CellPainter: drawing', () => {
  it('draws a cell at once with the current ticker and sizes its surface to width × dpr', () => {
    painter.setTheme(THEME);
    const s = attach(1, 'AAA', aaa('1234.5', 1000), { width: 204, height: 64, dpr: 2 });
    expect([s.width, s.height]).toEqual([408, 128]);
    expect(s.ctx.draws()).toBe(1);
    expect(s.ctx.shown()).toEqual(['1,234.5', '1.23M', 'Vol', '+1.25%']);
    expect(s.ctx.ops[0]).toEqual({ kind: 'transform', m: [2, 0, 0, 2, 0, 0] });
    expect(painter.size).toBe(1);
  });

  it('draws placeholders for a symbol without a ticker yet', () => {
    painter.setTheme(THEME);
    const s = attach(1, 'AAA');
    expect(s.ctx.shown()).toEqual(['--', '--', 'Vol', '--']);
  });

  it('draws nothing before it has a theme, then everything on setTheme', () => {
    const a = attach(1, 'AAA', aaa('1234.5', 1000));
    const b = attach(2, 'BBB');
    painter.flush([aaa('1235', 1100)]);
    expect(a.ctx.draws()).toBe(0);
    expect(b.ctx.draws()).toBe(0);
    expect([a.width, a.height]).toEqual([204, 64]); // sized all the same
    painter.setTheme(THEME);
    expect(a.ctx.shown()[0]).toBe('1,235');
    expect(b.ctx.shown()[0]).toBe('--');
    painter.setTheme({ ...THEME, up: 'c-up-2', text: 'c-text-2' });
    expect(a.ctx.draws()).toBe(2);
    // AAA's price is flashing (it moved): the plain text colour on the tint (priceInk), from the new theme.
    expect(a.ctx.texts().at(-4)!.fillStyle).toBe('c-text-2');
  });

  it('flush draws only the tickers of attached symbols and reports their feed times', () => {
    painter.setTheme(THEME);
    const a = attach(1, 'AAA', aaa('100', 1000));
    const b = attach(2, 'BBB', ticker('BBB', '50.00', 1000));
    a.ctx.reset();
    b.ctx.reset();
    painter.flush([aaa('101', 1100), ticker('CCC', '9.00', 1100)]);
    expect(a.ctx.draws()).toBe(1);
    expect(a.ctx.shown()[0]).toBe('101');
    expect(b.ctx.draws()).toBe(0);
    expect(painted).toEqual([1100]);
    painter.flush([ticker('BBB', '51.00', 1234)]);
    expect(b.ctx.shown()[0]).toBe('51.00');
    expect(painted).toEqual([1100, 1234]);
  });

  it('retargets a cell to another symbol: drawn at once with its figures, then follows it alone', () => {
    painter.setTheme(THEME);
    const a = attach(1, 'AAA', aaa('100', 1000));
    attach(2, 'BBB', ticker('BBB', '50.00', 1000));
    a.ctx.reset();
    // AAA no longer shown anywhere: released; BBB is now in two cells.
    expect(painter.retarget(1, 'BBB')).toBe('AAA');
    expect(a.ctx.shown()[0]).toBe('50.00');
    expect(painter.shows(1, 'BBB')).toBe(true);
    a.ctx.reset();
    painter.flush([aaa('101', 1100)]);
    expect(a.ctx.draws()).toBe(0);
    painter.flush([ticker('BBB', '51.00', 1200)]);
    expect(a.ctx.shown()[0]).toBe('51.00');
    // To a symbol nobody shows yet, with the current ticker given; the other cell keeps BBB, so nothing is released.
    expect(painter.retarget(1, 'CCC', ticker('CCC', '9.00', 1300))).toBeUndefined();
    expect(a.ctx.shown()[0]).toBe('9.00');
    expect(painter.retarget(1, 'CCC')).toBeUndefined(); // same symbol: nothing to do
    expect(painter.retarget(99, 'AAA')).toBeUndefined(); // unknown cell
    expect(painter.detach(1)).toBe('CCC');
  });

  it('draws every cell of a symbol', () => {
    painter.setTheme(THEME);
    const a = attach(1, 'AAA', aaa('100', 1000));
    const b = attach(2, 'AAA'); // a second cell takes the symbol's figures, not placeholders
    expect(b.ctx.shown()[0]).toBe('100');
    painter.flush([aaa('102.5', 1100)]);
    expect(a.ctx.shown()[0]).toBe('102.5');
    expect(b.ctx.shown()[0]).toBe('102.5');
    expect(painted).toEqual([1100]); // one ticker, one mark
  });

  it('relayout resizes the surface and redraws in the new box; unknown ids are ignored', () => {
    painter.setTheme(THEME);
    const s = attach(1, 'AAA', aaa('100', 1000));
    painter.relayout(1, layout({ width: 250, height: 60, dpr: 2, rtl: false }));
    expect([s.width, s.height]).toEqual([500, 120]);
    expect(s.ctx.draws()).toBe(2);
    expect(s.ctx.shownRects().at(-1)).toMatchObject({ x: 250 - 82 });
    painter.relayout(1, layout({ width: 250, height: 60, dpr: 2, rtl: true }));
    expect(s.ctx.shownRects().at(-1)).toMatchObject({ x: 0 });
    expect(() => painter.relayout(99, layout())).not.toThrow();
    expect(s.ctx.draws()).toBe(3);
  });

  it('repaintAll draws every cell again', () => {
    painter.setTheme(THEME);
    const a = attach(1, 'AAA', aaa('100', 1000));
    const b = attach(2, 'BBB');
    painter.repaintAll();
    expect([a.ctx.draws(), b.ctx.draws()]).toEqual([2, 2]);
  });
});

describe('CellPainter: flashes', () => {
  it('flashes a move up or down at most once per FLASH_MIN_GAP_MS of ticker time', () => {
    painter.setTheme(THEME);
    const s = attach(1, 'AAA', aaa('100', 1000));
    expect(tint(s)).toBeNull();
    painter.flush([aaa('101', 1100)]);
    expect(tint(s)).toBe(THEME.flashUp);
    // Moves within the gap do not flash again (the showing tint stays while it shows).
    now += 100;
    painter.flush([aaa('99', 1200)]);
    expect(tint(s)).toBe(THEME.flashUp);
    now += FLASH_SHOW_MS;
    painter.flush([aaa('98', 1100 + FLASH_MIN_GAP_MS - 1)]);
    expect(tint(s)).toBeNull();
    expect(s.ctx.shown()[0]).toBe('98');
    // The gap has passed in ticker time: a move down flashes down.
    now += 10;
    painter.flush([aaa('97', 1100 + FLASH_MIN_GAP_MS)]);
    expect(tint(s)).toBe(THEME.flashDown);
  });

  it('does not flash an unmoved price, nor the first ticker of a symbol attached without one', () => {
    painter.setTheme(THEME);
    const a = attach(1, 'AAA', aaa('100', 1000));
    const b = attach(2, 'BBB');
    painter.flush([aaa('100', 2000), ticker('BBB', '51.00', 2000)]);
    expect(tint(a)).toBeNull();
    expect(tint(b)).toBeNull();
    expect(b.ctx.shown()[0]).toBe('51.00');
    now += 10;
    painter.flush([ticker('BBB', '52.00', 3000)]);
    expect(tint(b)).toBe(THEME.flashUp);
  });

  it('clears the tint after FLASH_SHOW_MS of wall time without a new tick', () => {
    painter.setTheme(THEME);
    const s = attach(1, 'AAA', aaa('100', 1000));
    painter.flush([aaa('101', 1100)]);
    const draws = s.ctx.draws();
    now += FLASH_SHOW_MS - 1;
    painter.flush([]);
    expect(s.ctx.draws()).toBe(draws); // nothing to redraw yet
    expect(tint(s)).toBe(THEME.flashUp);
    now += 1;
    painter.flush([]);
    expect(s.ctx.draws()).toBe(draws + 1);
    expect(tint(s)).toBeNull();
    expect(s.ctx.shown()[0]).toBe('101');
    now += 1000;
    painter.flush([]);
    expect(s.ctx.draws()).toBe(draws + 1); // cleared once
  });

  it('draws no tint with flashes off, but still the new figures', () => {
    painter.setTheme({ ...THEME, noFlash: true });
    const s = attach(1, 'AAA', aaa('100', 1000));
    painter.flush([aaa('105', 1100)]);
    expect(tint(s)).toBeNull();
    expect(s.ctx.shown()[0]).toBe('105');
  });
});

describe('CellPainter: labels', () => {
  it('posts a new cell its label on the next flush, then only when it changed, at most every LABEL_MS', () => {
    painter.setTheme(THEME);
    attach(1, 'AAA', aaa('1234.5', 1000));
    expect(painter.flush([])).toEqual([{ id: 1, label: '1,234.5 +1.25% 1.23M' }]);
    expect(painter.flush([])).toEqual([]);
    now += 100;
    expect(painter.flush([aaa('1240', 1100)])).toEqual([]); // held: posted 100 ms ago
    now += LABEL_MS - 101;
    expect(painter.flush([])).toEqual([]);
    now += 1;
    // Due now, without any new tick.
    expect(painter.flush([])).toEqual([{ id: 1, label: '1,240 +1.25% 1.23M' }]);
    expect(painter.flush([])).toEqual([]);
  });

  it('does not post an unchanged label, nor one that changed back before it was due', () => {
    painter.setTheme(THEME);
    attach(1, 'AAA', aaa('100', 1000));
    painter.flush([]);
    now += 5000;
    // A new tick (new time, new turnover) whose shown figures are the same.
    expect(painter.flush([aaa('100', 2000, { q: '1' })])).toEqual([]);
    now += 5000;
    expect(painter.flush([])).toEqual([]);
    // Posted at once: the last post is long ago.
    expect(painter.flush([aaa('101', 3000)])).toEqual([{ id: 1, label: '101 +1.25% 1.23M' }]);
    now += 100;
    expect(painter.flush([aaa('102', 3100)])).toEqual([]);
    now += 100;
    expect(painter.flush([aaa('101', 3200)])).toEqual([]);
    now += LABEL_MS;
    expect(painter.flush([])).toEqual([]);
  });

  it('labels each cell by its own template, and relayout with new words makes the label due', () => {
    painter.setTheme(THEME);
    attach(1, 'AAA', aaa('100', 1000));
    attach(2, 'AAA', undefined, { labelTemplate: 'P {price}' });
    expect(painter.flush([])).toEqual([
      { id: 1, label: '100 +1.25% 1.23M' },
      { id: 2, label: 'P 100' },
    ]);
    now += LABEL_MS;
    painter.relayout(2, layout({ labelTemplate: 'قیمت {price}' }));
    expect(painter.flush([])).toEqual([{ id: 2, label: 'قیمت 100' }]);
  });

  it('resendLabels makes every label due again at once', () => {
    painter.setTheme(THEME);
    attach(1, 'AAA', aaa('100', 1000));
    attach(2, 'BBB');
    expect(painter.flush([])).toHaveLength(2);
    now += 10;
    painter.resendLabels();
    expect(painter.flush([])).toEqual([
      { id: 1, label: '100 +1.25% 1.23M' },
      { id: 2, label: '-- -- --' },
    ]);
    expect(painter.flush([])).toEqual([]);
  });

  it('labels even before a theme arrives (nothing drawn)', () => {
    attach(1, 'AAA', aaa('100', 1000));
    expect(painter.flush([])).toEqual([{ id: 1, label: '100 +1.25% 1.23M' }]);
  });
});

describe('CellPainter: detach', () => {
  it('returns the symbol only when its last cell goes; detached cells are not drawn or labelled', () => {
    painter.setTheme(THEME);
    const a = attach(1, 'AAA', aaa('100', 1000));
    const b = attach(2, 'AAA');
    const c = attach(3, 'BBB');
    expect(painter.detach(1)).toBeUndefined();
    expect(painter.size).toBe(2);
    a.ctx.reset();
    const labels = painter.flush([aaa('101', 1100)]);
    expect(labels.map((l) => l.id)).toEqual([2, 3]);
    expect(a.ctx.draws()).toBe(0);
    expect(b.ctx.shown()[0]).toBe('101');
    expect(painter.detach(2)).toBe('AAA');
    expect(painter.detach(2)).toBeUndefined();
    expect(painter.detach(99)).toBeUndefined();
    b.ctx.reset();
    painted.splice(0);
    painter.flush([aaa('102', 1200)]);
    expect(b.ctx.draws()).toBe(0);
    expect(painted).toEqual([]); // the symbol is not painted any more
    expect(painter.detach(3)).toBe('BBB');
    expect(painter.size).toBe(0);
    painter.repaintAll();
    expect(c.ctx.draws()).toBe(1);
  });

  it('a due label of a detached cell is dropped', () => {
    painter.setTheme(THEME);
    attach(1, 'AAA', aaa('100', 1000));
    attach(2, 'AAA');
    painter.detach(1);
    expect(painter.flush([])).toEqual([{ id: 2, label: '100 +1.25% 1.23M' }]);
  });

  it('attaching an id again moves the cell: the old symbol and surface are let go', () => {
    painter.setTheme(THEME);
    const old = attach(1, 'AAA', aaa('100', 1000));
    const next = attach(1, 'BBB', ticker('BBB', '50.00', 1000));
    expect(painter.size).toBe(1);
    old.ctx.reset();
    painter.flush([aaa('101', 1100), ticker('BBB', '51.00', 1100)]);
    expect(old.ctx.draws()).toBe(0);
    expect(next.ctx.shown()[0]).toBe('51.00');
    expect(painted).toEqual([1100]);
    expect(painter.detach(1)).toBe('BBB');
  });
});
