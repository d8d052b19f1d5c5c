// A tiny PNG reader for tests (8-bit, non-interlaced, filters 0–4): checks the signature and every chunk's
// CRC, inflates IDAT with node:zlib and undoes the row filters, so tests can look at the pixels.
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  colourType: number;
  channels: number;
  pixels: Uint8Array;
  chunkTypes: string[];
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4 };

export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('not a PNG signature');
  let at = 8;
  let header: Buffer | undefined;
  const idat: Buffer[] = [];
  const chunkTypes: string[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    const crc = png.readUInt32BE(at + 8 + len);
    if (crc32(png.subarray(at + 4, at + 8 + len)) >>> 0 !== crc) throw new Error(`bad CRC in ${type}`);
    chunkTypes.push(type);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  if (!header) throw new Error('no IHDR');
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const colourType = header[9] ?? -1;
  const channels = CHANNELS[colourType];
  if (header[8] !== 8 || channels === undefined || header[12] !== 0) throw new Error('unsupported PNG');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== (stride + 1) * height) throw new Error(`IDAT holds ${raw.length} bytes`);
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      const c = i >= channels && y > 0 ? (pixels[(y - 1) * stride + i - channels] ?? 0) : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter ?? 0];
      if (pred === undefined) throw new Error(`bad filter ${filter}`);
      pixels[y * stride + i] = (v + pred) & 0xff;
    }
  }
  return { width, height, colourType, channels, pixels, chunkTypes };
}
