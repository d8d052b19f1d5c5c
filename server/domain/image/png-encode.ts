// A minimal PNG encoder (8-bit grey, RGB or RGBA, no interlace) on node:zlib: enough to send a rasterised
// image (the captcha) without an image library. Each row gets the filter (none, Sub or Up) that leaves the
// smallest sum of bytes, the usual heuristic, so flat backgrounds compress well.
import { crc32, deflateSync } from 'node:zlib';

export interface RasterImage {
  width: number;
  height: number;
  /** 1 grey, 3 RGB, 4 RGBA */
  channels: 1 | 3 | 4;
  /** row-major, `channels` bytes per pixel, no padding */
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/** Filters one row into `out` (filter byte first) with filter 0, 1 (Sub) or 2 (Up); returns the cost. */
function filterRow(kind: 0 | 1 | 2, row: Uint8Array, prev: Uint8Array | null, bpp: number, out: Buffer) {
  out[0] = kind;
  let cost = 0;
  for (let i = 0; i < row.length; i++) {
    const raw = row[i] ?? 0;
    const pred = kind === 1 ? (i >= bpp ? (row[i - bpp] ?? 0) : 0) : kind === 2 ? (prev?.[i] ?? 0) : 0;
    const v = (raw - pred) & 0xff;
    out[i + 1] = v;
    cost += v < 128 ? v : 256 - v;
  }
  return cost;
}

export function encodePng(image: RasterImage): Buffer {
  const { width, height, channels, pixels } = image;
  const stride = width * channels;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new Error(`png: bad size ${width}×${height}`);
  if (pixels.length !== stride * height) throw new Error('png: pixel buffer does not match the size');
  const filtered = Buffer.alloc((stride + 1) * height);
  const candidates = [0, 1, 2].map(() => Buffer.alloc(stride + 1));
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    let best = 0;
    let bestCost = Infinity;
    for (const kind of [0, 1, 2] as const) {
      const cost = filterRow(kind, row, prev, channels, candidates[kind] as Buffer);
      if (cost < bestCost) [best, bestCost] = [kind, cost];
    }
    (candidates[best] as Buffer).copy(filtered, y * (stride + 1));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = COLOUR_TYPE[channels];
  // bytes 10–12: compression 0 (deflate), filter method 0, interlace 0 (none)
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;
