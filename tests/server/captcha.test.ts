// GET common/captcha: one rasterised PNG (no vector shapes or text to read the answer from), of the stated
// size, with ink and background; HEAD creates nothing. Single use and expiry are in register.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaPixels } from '../../server/domain/auth/captcha-image.ts';
import { decodePng } from '../unit/image/png-decode.ts';
import { get, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const captchaRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('captchas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET common/captcha', () => {
  it('answers a PNG data URL of a bitmap, with the answer stored: 4–5 unambiguous characters', async () => {
    const res = await get(t.app, '/api/common/captcha');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { captchaId, image, expiresInSec } = res.body.data;
    expect(expiresInSec).toBeGreaterThanOrEqual(120);
    expect(expiresInSec).toBeLessThanOrEqual(300);
    expect(image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(image.split(',')[1], 'base64');
    const text = bytes.toString('latin1');
    for (const vector of ['<svg', '<path', '<text', 'd="M', 'xmlns']) expect(text).not.toContain(vector);
    const png = decodePng(bytes);
    expect(png).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: 3 });
    // Only image chunks: no text chunk could carry the answer.
    expect(png.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND']);
    const row = await t.db
      .selectFrom('captchas')
      .select(['answer', 'expires_at', 'created_at'])
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    expect(row.answer).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{4,5}$/);
    expect(row.expires_at - row.created_at).toBe(expiresInSec * 1000);
  });

  it('draws dark ink on a light background, across the middle of the picture', () => {
    const pixels = captchaPixels('HKMW');
    const luma = (i: number) =>
      ((pixels[i * 3] ?? 0) + (pixels[i * 3 + 1] ?? 0) + (pixels[i * 3 + 2] ?? 0)) / 3;
    let dark = 0;
    let light = 0;
    let inkInMiddle = 0;
    for (let y = 0; y < CAPTCHA_HEIGHT; y++)
      for (let x = 0; x < CAPTCHA_WIDTH; x++) {
        const l = luma(y * CAPTCHA_WIDTH + x);
        if (l < 110) {
          dark += 1;
          if (x > CAPTCHA_WIDTH * 0.3 && x < CAPTCHA_WIDTH * 0.7) inkInMiddle += 1;
        }
        if (l > 200) light += 1;
      }
    const total = CAPTCHA_WIDTH * CAPTCHA_HEIGHT;
    expect(dark / total).toBeGreaterThan(0.08);
    expect(dark / total).toBeLessThan(0.45);
    expect(light / total).toBeGreaterThan(0.4);
    expect(inkInMiddle).toBeGreaterThan(300);
  });

  it('draws the same answer differently every time', () => {
    expect(Buffer.from(captchaPixels('ACDE')).equals(Buffer.from(captchaPixels('ACDE')))).toBe(false);
  });

  it('has no per-character shapes: ink does not split into one blob or one column band per character', () => {
    // The old SVG drew each character as its own path; a script separated them and read each by its shape.
    // On the raster, the two usual ways of cutting a picture into characters must fail: connected blobs of
    // ink, and bands of columns separated by empty columns.
    const answers = ['ACDE', 'HKMWX', 'PRTUV', 'Y3467', 'FJNA9', 'WWMM', 'CDEFH', 'KXY34'];
    // Also after eroding one pixel of ink away (what removes thin noise lines and specks first).
    let blobsMatch = 0;
    let bandsMatch = 0;
    for (let round = 0; round < 3; round++) {
      for (const answer of answers) {
        for (const ink of [inkMask(captchaPixels(answer)), erode(inkMask(captchaPixels(answer)))]) {
          if (bigBlobs(ink) === answer.length) blobsMatch += 1;
          if (columnBands(ink) === answer.length) bandsMatch += 1;
        }
      }
    }
    const samples = answers.length * 3 * 2;
    // Allow the odd coincidence; a separable drawing would match (nearly) every time.
    expect(blobsMatch / samples).toBeLessThan(0.2);
    expect(bandsMatch / samples).toBeLessThan(0.2);
  });

  it('creates no captcha for HEAD', async () => {
    const before = await captchaRows();
    const res = await t.app.inject({ method: 'HEAD', url: '/api/common/captcha' });
    expect(res.statusCode).toBe(404);
    expect(await captchaRows()).toBe(before);
    expect((await get(t.app, '/api/common/captcha')).body.code).toBe(0);
    expect(await captchaRows()).toBe(before + 1);
  });
});

/** Dark pixels of an RGB bitmap of the captcha's size. */
function inkMask(pixels: Uint8Array | Buffer): Uint8Array {
  const mask = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT);
  for (let i = 0; i < mask.length; i++) {
    const l = ((pixels[i * 3] ?? 255) + (pixels[i * 3 + 1] ?? 255) + (pixels[i * 3 + 2] ?? 255)) / 3;
    mask[i] = l < 140 ? 1 : 0;
  }
  return mask;
}

/** Keeps an ink pixel only when its 8 neighbours are ink too (a one-pixel erosion). */
function erode(mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 1; y < CAPTCHA_HEIGHT - 1; y++)
    for (let x = 1; x < CAPTCHA_WIDTH - 1; x++) {
      let all = 1;
      for (let dy = -1; dy <= 1 && all; dy++)
        for (let dx = -1; dx <= 1; dx++) if (!mask[(y + dy) * CAPTCHA_WIDTH + x + dx]) all = 0;
      out[y * CAPTCHA_WIDTH + x] = all;
    }
  return out;
}

/** 8-connected blobs of ink holding at least 3 % of all ink (specks and thin scraps do not count). */
function bigBlobs(mask: Uint8Array): number {
  const seen = new Uint8Array(mask.length);
  const total = mask.reduce((a, b) => a + b, 0);
  let big = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let area = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      area += 1;
      const x = i % CAPTCHA_WIDTH;
      const y = (i - x) / CAPTCHA_WIDTH;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= CAPTCHA_WIDTH || ny >= CAPTCHA_HEIGHT) continue;
          const j = ny * CAPTCHA_WIDTH + nx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    if (area >= total * 0.03) big += 1;
  }
  return big;
}

/** Runs of columns holding ink (at least 2 ink pixels), separated by columns with less. */
function columnBands(mask: Uint8Array): number {
  let bands = 0;
  let inBand = false;
  for (let x = 0; x < CAPTCHA_WIDTH; x++) {
    let n = 0;
    for (let y = 0; y < CAPTCHA_HEIGHT; y++) n += mask[y * CAPTCHA_WIDTH + x] ?? 0;
    const inked = n >= 2;
    if (inked && !inBand) bands += 1;
    inBand = inked;
  }
  return bands;
}
