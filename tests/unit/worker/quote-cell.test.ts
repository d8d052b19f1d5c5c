// The painted row cell (workers/protocol/quote-cell.ts) drawn into a recording context: where the price, the
// volume line and the pill land in both directions, their colours by tone, the flash tint, the placeholders,
// and the accessible label and canvas size helpers.
import { describe, expect, it } from 'vitest';
import {
  canvasSize,
  cellLabel,
  FLASH_MIN_GAP_MS,
  paintQuoteCell,
  shouldFlash,
  type QuoteFigures,
} from '../../../workers/protocol/quote-cell.ts';
import { CHAR_W, RecordingContext, THEME, layout, type TextOp } from './cell-context.ts';

const FIG: QuoteFigures = {
  price: '1,234.50',
  volume: '1.23M',
  changePct: '+1.25%',
  tone: 'up',
  flash: null,
};

function paint(f: QuoteFigures | null, over: Parameters<typeof layout>[0] = {}, theme = THEME) {
  const ctx = new RecordingContext();
  paintQuoteCell(ctx, layout(over), theme, f);
  const text = (t: string): TextOp => {
    const op = ctx.texts().find((o) => o.text === t);
    if (!op) throw new Error(`'${t}' was not drawn: ${ctx.texts().map((o) => o.text)}`);
    return op;
  };
  return { ctx, text };
}

/** Where a left-aligned text drawn with the fake measureText ends. */
const end = (op: TextOp) => op.x + op.text.length * CHAR_W;

describe('paintQuoteCell: layout', () => {
  it('left to right: price column right-aligned at 112, pill 82 × 32 at the right edge, vertically centred', () => {
    const { ctx, text } = paint(FIG);
    expect(ctx.direction).toBe('ltr');
    expect(ctx.ops[0]).toEqual({ kind: 'transform', m: [1, 0, 0, 1, 0, 0] });
    expect(ctx.ops[1]).toEqual({ kind: 'clear', x: 0, y: 0, w: 204, h: 64 });
    const pill = ctx.rects();
    expect(pill).toHaveLength(1); // no flash
    expect(pill[0]).toMatchObject({ x: 122, y: 16, w: 82, h: 32 });
    expect(pill[0]!.y + pill[0]!.h / 2).toBe(32);

    const price = text('1,234.50');
    expect(price.textAlign).toBe('left');
    expect(end(price)).toBe(112 - 4);
    expect(price.font).toBe('700 15px NumFace');

    const vol = text('1.23M');
    const label = text('Vol');
    expect(end(vol)).toBe(112);
    expect(vol.font).toBe('400 11px NumFace');
    expect(label.font).toBe('400 11px TextFace');
    // "Vol 1.23M": the label before the number, a 3 px space between.
    expect(end(label)).toBe(vol.x - 3);
    expect(label.y).toBe(vol.y);
    // The price line sits above the volume line.
    expect(price.y).toBeLessThan(vol.y);

    const pct = text('+1.25%');
    expect(pct).toMatchObject({ x: 122 + 41, y: 32, textAlign: 'center', font: '700 14px NumFace' });
  });

  it('centres the two lines on the row: 18 px price line, 2 px gap, the volume line height', () => {
    const { text } = paint(FIG, { volLineHeight: 14 });
    // top = (64 - (18 + 2 + 14)) / 2 = 15
    expect(text('1,234.50').y).toBe(15 + 9);
    expect(text('1.23M').y).toBe(15 + 20 + 7);
    const tall = paint(FIG, { volLineHeight: 30 });
    // top = (64 - 50) / 2 = 7: a taller volume line (Nastaliq) moves the price up
    expect(tall.text('1,234.50').y).toBe(7 + 9);
    expect(tall.text('1.23M').y).toBe(7 + 20 + 15);
  });

  it('right to left: pill at x 0, the column from 92 with the price starting 4 px in, label after the volume', () => {
    const { ctx, text } = paint(FIG, { rtl: true, volLabel: 'حجم' });
    expect(ctx.direction).toBe('ltr'); // numbers are still drawn left to right
    expect(ctx.rects()[0]).toMatchObject({ x: 0, y: 16, w: 82, h: 32 });
    expect(text('1,234.50').x).toBe(92 + 4);
    const vol = text('1.23M');
    const label = text('حجم');
    expect(vol.x).toBe(92);
    expect(label.x).toBe(92 + 5 * CHAR_W + 3);
    expect(text('+1.25%').x).toBe(41);
  });

  it('anchors the live half to the end edge of a wider cell', () => {
    const { ctx, text } = paint(FIG, { width: 304 });
    expect(ctx.rects()[0]!.x).toBe(304 - 82);
    expect(end(text('1,234.50'))).toBe(100 + 112 - 4);
    expect(end(text('1.23M'))).toBe(100 + 112);
    const rtl = paint(FIG, { width: 304, rtl: true });
    expect(rtl.ctx.rects()[0]!.x).toBe(0);
    expect(rtl.text('1.23M').x).toBe(92);
  });

  it('scales by the device pixel ratio, drawing in CSS pixels', () => {
    const { ctx } = paint(FIG, { dpr: 2 });
    expect(ctx.ops[0]).toEqual({ kind: 'transform', m: [2, 0, 0, 2, 0, 0] });
    expect(ctx.ops[1]).toEqual({ kind: 'clear', x: 0, y: 0, w: 204, h: 64 });
    expect(ctx.rects()[0]).toMatchObject({ x: 122, w: 82 });
  });
});

describe('paintQuoteCell: colours', () => {
  it('up: price in theme.up, green pill with white text; volume in text3', () => {
    const { ctx, text } = paint(FIG);
    expect(text('1,234.50').fillStyle).toBe(THEME.up);
    expect(ctx.rects()[0]!.fillStyle).toBe(THEME.pillUp);
    expect(text('+1.25%').fillStyle).toBe('#fff');
    expect(text('1.23M').fillStyle).toBe(THEME.text3);
    expect(text('Vol').fillStyle).toBe(THEME.text3);
  });

  it('down: price in theme.down, red pill with white text', () => {
    const { ctx, text } = paint({ ...FIG, changePct: '-0.50%', tone: 'down' });
    expect(text('1,234.50').fillStyle).toBe(THEME.down);
    expect(ctx.rects()[0]!.fillStyle).toBe(THEME.pillDown);
    expect(text('-0.50%').fillStyle).toBe('#fff');
  });

  it('flat: price in theme.text, flat pill with text2', () => {
    const { ctx, text } = paint({ ...FIG, changePct: '0.00%', tone: 'flat' });
    expect(text('1,234.50').fillStyle).toBe(THEME.text);
    expect(ctx.rects()[0]!.fillStyle).toBe(THEME.pillFlat);
    expect(text('0.00%').fillStyle).toBe(THEME.text2);
  });
});

describe('paintQuoteCell: flash', () => {
  it('draws an up tint behind the price, the size of the price box', () => {
    const { ctx } = paint({ ...FIG, flash: 'up' });
    const rects = ctx.rects();
    expect(rects).toHaveLength(2);
    // box: the text's width plus 4 px each side, ending at the column's edge; the price line's height
    expect(rects[0]).toEqual({ kind: 'rect', x: 48, y: 15, w: 64, h: 18, r: 4, fillStyle: THEME.flashUp });
    const tint = ctx.ops.indexOf(rects[0]!);
    const price = ctx.ops.findIndex((o) => o.kind === 'text' && o.text === '1,234.50');
    expect(tint).toBeLessThan(price); // behind it
  });

  it('down tint in flashDown, at the column start in right to left', () => {
    const { ctx } = paint({ ...FIG, tone: 'down', flash: 'down' }, { rtl: true });
    expect(ctx.rects()[0]).toMatchObject({ x: 92, w: 64, fillStyle: THEME.flashDown });
  });

  it('no tint without a flash or with flashes off (reduced motion)', () => {
    expect(
      paint(FIG)
        .ctx.rects()
        .map((r) => r.fillStyle),
    ).toEqual([THEME.pillUp]);
    const off = paint({ ...FIG, flash: 'up' }, {}, { ...THEME, noFlash: true });
    expect(off.ctx.rects().map((r) => r.fillStyle)).toEqual([THEME.pillUp]);
  });
});

describe('paintQuoteCell: placeholders', () => {
  it("null figures draw '--' in each place, flat", () => {
    const { ctx } = paint(null);
    const texts = ctx.texts();
    expect(texts.map((t) => t.text)).toEqual(['--', '--', 'Vol', '--']);
    expect(texts[0]!.fillStyle).toBe(THEME.text);
    expect(end(texts[0]!)).toBe(112 - 4);
    expect(end(texts[1]!)).toBe(112);
    expect(ctx.rects()).toHaveLength(1);
    expect(ctx.rects()[0]!.fillStyle).toBe(THEME.pillFlat);
    expect(texts[3]!.fillStyle).toBe(THEME.text2);
  });
});

describe('cellLabel', () => {
  it('fills price, change and volume into the template', () => {
    expect(cellLabel('AAA {price} ({change}), vol {volume}', FIG)).toBe('AAA 1,234.50 (+1.25%), vol 1.23M');
    // order in the template does not matter
    expect(cellLabel('{volume}|{change}|{price}', FIG)).toBe('1.23M|+1.25%|1,234.50');
  });

  it("puts '--' for every figure when there are none", () => {
    expect(cellLabel('{price} {change} {volume}', null)).toBe('-- -- --');
  });
});

describe('canvasSize', () => {
  it('is the layout in device pixels, rounded, at least 1 × 1', () => {
    expect(canvasSize({ width: 204, height: 64, dpr: 1 })).toEqual({ w: 204, h: 64 });
    expect(canvasSize({ width: 204, height: 64, dpr: 1.5 })).toEqual({ w: 306, h: 96 });
    expect(canvasSize({ width: 203, height: 63.3, dpr: 1.25 })).toEqual({ w: 254, h: 79 });
    expect(canvasSize({ width: 0, height: 0.2, dpr: 2 })).toEqual({ w: 1, h: 1 });
  });
});

describe('shouldFlash', () => {
  it('flashes a move when no flash happened yet or the last is FLASH_MIN_GAP_MS old', () => {
    expect(shouldFlash(true, 5000, undefined)).toBe(true);
    expect(shouldFlash(false, 5000, undefined)).toBe(false);
    expect(shouldFlash(true, 5000 + FLASH_MIN_GAP_MS - 1, 5000)).toBe(false);
    expect(shouldFlash(true, 5000 + FLASH_MIN_GAP_MS, 5000)).toBe(true);
    expect(shouldFlash(false, 5000 + FLASH_MIN_GAP_MS, 5000)).toBe(false);
  });

  it('flashes again when ticker time went back (a reset feed)', () => {
    expect(shouldFlash(true, 4000, 5000)).toBe(true);
  });
});
