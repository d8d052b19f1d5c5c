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

const captchaRows = () => t.db.prepare('SELECT COUNT(*) FROM captchas').pluck().get() as number;

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
    const row = t.db
      .prepare('SELECT answer, expires_at - created_at AS ttl FROM captchas WHERE id = ?')
      .get(captchaId) as { answer: string; ttl: number };
    expect(row.answer).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{4,5}$/);
    expect(row.ttl).toBe(expiresInSec * 1000);
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

  it('creates no captcha for HEAD', async () => {
    const before = captchaRows();
    const res = await t.app.inject({ method: 'HEAD', url: '/api/common/captcha' });
    expect(res.statusCode).toBe(404);
    expect(captchaRows()).toBe(before);
    expect((await get(t.app, '/api/common/captcha')).body.code).toBe(0);
    expect(captchaRows()).toBe(before + 1);
  });
});
