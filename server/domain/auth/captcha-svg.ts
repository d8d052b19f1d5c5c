// Draws a captcha answer as an SVG image: stroked glyph paths (no <text>, so the answer is not in the markup),
// each rotated, skewed and jittered, over noise curves and dots. Randomness comes from node:crypto.
import { randomInt } from 'node:crypto';

type Stroke = ReadonlyArray<readonly [number, number]>;

// Glyphs on a 10 × 14 grid (x right, y down), one polyline per stroke.
const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2, 9],
      [8, 9],
    ],
  ],
  C: [
    [
      [10, 2],
      [7, 0],
      [3, 0],
      [0, 3],
      [0, 11],
      [3, 14],
      [7, 14],
      [10, 12],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 14],
      [6, 14],
      [10, 10],
      [10, 4],
      [6, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  J: [
    [
      [10, 0],
      [10, 11],
      [7, 14],
      [3, 14],
      [0, 11],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 8],
    ],
    [
      [3, 6],
      [10, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 8],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  P: [
    [
      [0, 14],
      [0, 0],
      [7, 0],
      [10, 2],
      [10, 5],
      [7, 7],
      [0, 7],
    ],
  ],
  R: [
    [
      [0, 14],
      [0, 0],
      [7, 0],
      [10, 2],
      [10, 5],
      [7, 7],
      [0, 7],
    ],
    [
      [5, 7],
      [10, 14],
    ],
  ],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 11],
      [3, 14],
      [7, 14],
      [10, 11],
      [10, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 14],
      [5, 5],
      [8, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  '3': [
    [
      [0, 1],
      [3, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [7, 7],
      [3, 7],
    ],
    [
      [7, 7],
      [10, 9],
      [10, 12],
      [8, 14],
      [3, 14],
      [0, 13],
    ],
  ],
  '4': [
    [
      [8, 14],
      [8, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '6': [
    [
      [9, 1],
      [6, 0],
      [3, 0],
      [0, 4],
      [0, 11],
      [3, 14],
      [7, 14],
      [10, 11],
      [10, 9],
      [7, 7],
      [3, 7],
      [0, 9],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 14],
    ],
  ],
  '9': [
    [
      [10, 7],
      [3, 7],
      [0, 5],
      [0, 2],
      [3, 0],
      [7, 0],
      [10, 2],
      [10, 10],
      [7, 14],
      [2, 14],
    ],
  ],
};

/** The characters a captcha may use: every glyph above (all unambiguous). */
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const WIDTH = 130;
const HEIGHT = 44;
const COLOURS = ['#1d3b72', '#7a1f5c', '#0f6b4f', '#8a4b08', '#3a2f8f', '#9b1c1c'];

/** Uniform random number in [min, max) with 1/1000 resolution. */
function rand(min: number, max: number): number {
  return min + ((max - min) * randomInt(1000)) / 1000;
}

const fmt = (n: number): string => n.toFixed(1);

function glyphPath(char: string, cx: number, cy: number, maxScale: number): string {
  const strokes = GLYPHS[char];
  if (!strokes) throw new Error(`captcha: no glyph for ${char}`);
  const scale = rand(maxScale - 0.25, maxScale);
  const angle = (rand(-20, 20) * Math.PI) / 180;
  const skew = rand(-0.3, 0.3);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return strokes
    .map((stroke) =>
      stroke
        .map(([gx, gy], i) => {
          // Centre the glyph, jitter each point, skew, scale, rotate, then move into place.
          const x0 = gx - 5 + rand(-0.6, 0.6);
          const y0 = gy - 7 + rand(-0.6, 0.6);
          const xs = (x0 + skew * y0) * scale;
          const ys = y0 * scale;
          const x = cx + xs * cos - ys * sin;
          const y = cy + xs * sin + ys * cos;
          return `${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`;
        })
        .join(''),
    )
    .join('');
}

function noiseCurve(): string {
  const colour = COLOURS[randomInt(COLOURS.length)];
  const d = `M${fmt(rand(0, 20))} ${fmt(rand(0, HEIGHT))}Q${fmt(rand(30, 100))} ${fmt(rand(-10, HEIGHT + 10))} ${fmt(rand(110, WIDTH))} ${fmt(rand(0, HEIGHT))}`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${fmt(rand(0.8, 1.6))}" opacity="0.7"/>`;
}

/** An SVG document showing `answer` (characters of CAPTCHA_ALPHABET). */
export function captchaSvg(answer: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#eef2f8"/>`];
  for (let i = 0; i < 30; i++) {
    const colour = COLOURS[randomInt(COLOURS.length)];
    parts.push(
      `<circle cx="${fmt(rand(0, WIDTH))}" cy="${fmt(rand(0, HEIGHT))}" r="${fmt(rand(0.5, 1.4))}" fill="${colour}"/>`,
    );
  }
  for (let i = 0; i < 3; i++) parts.push(noiseCurve());
  const step = (WIDTH - 16) / answer.length;
  // Five glyphs get a little smaller so neighbours touch without hiding each other.
  const maxScale = answer.length > 4 ? 1.6 : 1.8;
  [...answer].forEach((char, i) => {
    const colour = COLOURS[randomInt(COLOURS.length)];
    const d = glyphPath(char, 8 + step * (i + 0.5), HEIGHT / 2 + rand(-2, 2), maxScale);
    parts.push(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${fmt(rand(2, 2.8))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 2; i++) parts.push(noiseCurve());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
