// The PNG encoder: a decoder written apart from it (CRCs, zlib inflate, row filters) gets back every pixel.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePng, pngDataUrl } from '../../../server/domain/image/png-encode.ts';
import { decodePng } from './png-decode.ts';

describe('encodePng', () => {
  it('round-trips an RGB gradient with a few marked pixels', () => {
    const [width, height] = [37, 11];
    const pixels = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) pixels.set([x * 6, y * 20, (x * y) & 255], (y * width + x) * 3);
    pixels.set([255, 0, 0], 0);
    pixels.set([0, 255, 0], ((height - 1) * width + width - 1) * 3);
    const png = encodePng({ width, height, channels: 3, pixels });
    const back = decodePng(png);
    expect(back).toMatchObject({ width, height, colourType: 2, channels: 3 });
    expect(back.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(Buffer.from(back.pixels).equals(Buffer.from(pixels))).toBe(true);
    expect([...back.pixels.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('round-trips noise in grey and RGBA, where rows pick different filters', () => {
    for (const channels of [1, 4] as const) {
      const [width, height] = [16, 9];
      const pixels = new Uint8Array(randomBytes(width * height * channels));
      for (let i = 0; i < width * channels; i++) pixels[i] = 200; // a flat row: Sub or Up wins there
      const back = decodePng(encodePng({ width, height, channels, pixels }));
      expect(back.colourType).toBe(channels === 1 ? 0 : 6);
      expect(Buffer.from(back.pixels).equals(Buffer.from(pixels))).toBe(true);
    }
  });

  it('refuses a buffer that does not match the size', () => {
    expect(() => encodePng({ width: 2, height: 2, channels: 3, pixels: new Uint8Array(11) })).toThrow(
      /does not match/,
    );
    expect(() => encodePng({ width: 0, height: 2, channels: 3, pixels: new Uint8Array(0) })).toThrow(/size/);
  });

  it('makes a data URL', () => {
    const png = encodePng({ width: 1, height: 1, channels: 1, pixels: new Uint8Array([7]) });
    expect(pngDataUrl(png)).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });
});
