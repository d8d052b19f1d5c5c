// Draws a captcha answer as one raster image (PNG): the glyph strokes are thickened into a single ink layer
// with crossing noise curves and specks, the characters tilted and packed so they touch or overlap, and the
// whole picture bent by a sine warp. Nothing in the file is a separate shape per character (the old SVG gave
// each character its own path, whose point count named it). Randomness comes from node:crypto.
import { randomBytes } from 'node:crypto';
import { encodePng, pngDataUrl } from '../image/png-encode.ts';
import { GLYPHS } from './captcha-glyphs.ts';

/** Pixel size: twice the 120 × 44 CSS box the client shows it in, so it stays sharp on phone screens. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 88;
const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;

/** Uniform numbers in [0, 1) from a pool of crypto-random bytes (one call per number would be slow). */
class Random {
  private pool = randomBytes(4096);
  private at = 0;
  next(): number {
    if (this.at + 4 > this.pool.length) [this.pool, this.at] = [randomBytes(4096), 0];
    const n = this.pool.readUInt32BE(this.at);
    this.at += 4;
    return n / 2 ** 32;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
}

/** Ink coverage (0–1) per pixel, before the warp. */
class InkLayer {
  readonly cover = new Float32Array(W * H);

  /** A thick anti-aliased segment: coverage falls off over the last pixel of its half-width `hw`. */
  segment(x0: number, y0: number, x1: number, y1: number, hw: number): void {
    const [dx, dy] = [x1 - x0, y1 - y0];
    const len2 = dx * dx + dy * dy || 1e-9;
    const pad = hw + 1;
    const [minX, maxX] = [
      Math.max(0, Math.floor(Math.min(x0, x1) - pad)),
      Math.min(W - 1, Math.ceil(Math.max(x0, x1) + pad)),
    ];
    const [minY, maxY] = [
      Math.max(0, Math.floor(Math.min(y0, y1) - pad)),
      Math.min(H - 1, Math.ceil(Math.max(y0, y1) + pad)),
    ];
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const [px, py] = [x + 0.5, y + 0.5];
        const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
        const d = Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
        const c = Math.max(0, Math.min(1, hw + 0.5 - d));
        const i = y * W + x;
        if (c > (this.cover[i] ?? 0)) this.cover[i] = c;
      }
    }
  }

  polyline(points: ReadonlyArray<readonly [number, number]>, hw: number): void {
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1], points[i]];
      if (a && b) this.segment(a[0], a[1], b[0], b[1], hw);
    }
  }

  /** Bilinear sample, so the warped picture stays smooth. */
  sample(x: number, y: number): number {
    const [x0, y0] = [Math.floor(x - 0.5), Math.floor(y - 0.5)];
    const [fx, fy] = [x - 0.5 - x0, y - 0.5 - y0];
    const at = (xx: number, yy: number) =>
      xx < 0 || yy < 0 || xx >= W || yy >= H ? 0 : (this.cover[yy * W + xx] ?? 0);
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  }
}

function drawText(ink: InkLayer, rnd: Random, answer: string): void {
  const n = answer.length;
  // Glyph cells are 10 units wide; neighbours sit closer than a glyph's width so strokes touch or cross.
  const scale = n > 4 ? 3.7 : 4.1;
  const step = 10 * scale * 0.92;
  const startX = (W - step * (n - 1)) / 2 + rnd.range(-5, 5);
  const tilt = rnd.range(-0.1, 0.1); // the whole line of text leans a little
  [...answer].forEach((char, i) => {
    const strokes = GLYPHS[char];
    if (!strokes) throw new Error(`captcha: no glyph for ${char}`);
    const s = scale * rnd.range(0.9, 1.05);
    const angle = rnd.range(-0.26, 0.26);
    const skew = rnd.range(-0.25, 0.25);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const cx = startX + step * i + rnd.range(-2, 2);
    const cy = H / 2 + (cx - W / 2) * tilt + rnd.range(-5, 5);
    const hw = rnd.range(2.4, 3.2);
    for (const stroke of strokes) {
      const points = stroke.map(([gx, gy]) => {
        const x0 = gx - 5 + rnd.range(-0.4, 0.4);
        const y0 = gy - 7 + rnd.range(-0.4, 0.4);
        const [xs, ys] = [(x0 + skew * y0) * s, y0 * s];
        return [cx + xs * cos - ys * sin, cy + xs * sin + ys * cos] as const;
      });
      ink.polyline(points, hw);
    }
  });
}

/** Wavy lines across the whole width, through the text band: thinner than the letters, same ink. */
function drawNoiseCurves(ink: InkLayer, rnd: Random, count: number): void {
  for (let k = 0; k < count; k++) {
    const [base, slope] = [rnd.range(H * 0.3, H * 0.7), rnd.range(-0.25, 0.25)];
    const [amp, period, phase] = [rnd.range(4, 12), rnd.range(50, 120), rnd.range(0, 2 * Math.PI)];
    const hw = rnd.range(0.8, 1.3);
    const points: Array<[number, number]> = [];
    for (let x = -4; x <= W + 4; x += 4)
      points.push([x, base + slope * (x - W / 2) + amp * Math.sin((2 * Math.PI * x) / period + phase)]);
    ink.polyline(points, hw);
  }
}

function drawSpecks(ink: InkLayer, rnd: Random, count: number): void {
  for (let k = 0; k < count; k++) {
    const [x, y] = [rnd.range(0, W), rnd.range(0, H)];
    ink.segment(x, y, x + rnd.range(-1.5, 1.5), y + rnd.range(-1.5, 1.5), rnd.range(0.5, 1.3));
  }
}

/** The RGB pixels of a captcha showing `answer` (characters of CAPTCHA_ALPHABET). */
export function captchaPixels(answer: string): Uint8Array {
  const rnd = new Random();
  const ink = new InkLayer();
  drawText(ink, rnd, answer);
  drawNoiseCurves(ink, rnd, 2);
  drawSpecks(ink, rnd, 50);
  // The warp: each output pixel reads the ink a few pixels away along two sine waves.
  const [ax, px, fx] = [rnd.range(2.5, 4.5), rnd.range(50, 90), rnd.range(0, 2 * Math.PI)];
  const [ay, py, fy] = [rnd.range(2.5, 4.5), rnd.range(70, 120), rnd.range(0, 2 * Math.PI)];
  // One ink colour drifting across the width (dark navy to dark plum or teal): colour cannot pick letters out.
  const inkFrom = [22, 36, 92];
  const inkTo = rnd.next() < 0.5 ? [104, 26, 72] : [12, 84, 74];
  const out = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const sx = x + 0.5 + ax * Math.sin((2 * Math.PI * y) / px + fx);
      const sy = y + 0.5 + ay * Math.sin((2 * Math.PI * x) / py + fy);
      const c = ink.sample(sx, sy);
      const t = x / (W - 1);
      const bg = [236 - 10 * t, 241 - 4 * (y / H), 250];
      for (let ch = 0; ch < 3; ch++) {
        const fg = (inkFrom[ch] ?? 0) * (1 - t) + (inkTo[ch] ?? 0) * t;
        out[(y * W + x) * 3 + ch] = Math.round((bg[ch] ?? 0) * (1 - c) + fg * c);
      }
    }
  }
  return out;
}

/** The captcha as a `data:image/png;base64,…` URL. */
export function captchaPngDataUrl(answer: string): string {
  return pngDataUrl(encodePng({ width: W, height: H, channels: 3, pixels: captchaPixels(answer) }));
}
