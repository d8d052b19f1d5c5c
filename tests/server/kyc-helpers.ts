// Helpers of the KYC tests: a multipart body built by hand (so a test controls every byte, name and declared
// type), test photos made with sharp, a hand-made PNG that declares 50000×50000 pixels (a decompression bomb),
// and the counts a refused submission must leave unchanged (rows and files).
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { pktDate } from '../../contract/kyc.ts';
import type { Db } from '../../server/db/database.ts';
import type { ApiEnvelope } from '../../workers/protocol/api.ts';
import { checkAnswer } from './answer-schemas.ts';
import { rowCounts } from './helpers.ts';

export interface FilePart {
  name: string;
  filename?: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body: the text fields, then the files. */
export function multipartBody(fields: Record<string, string>, files: readonly FilePart[]) {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename ?? `${f.name}.jpg`}"\r\n` +
          `Content-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary answer shapes
export async function postKyc<T = any>(
  app: FastifyInstance,
  fields: Record<string, string>,
  files: readonly FilePart[],
  opts: { token?: string; lang?: string } = {},
): Promise<{ status: number; body: ApiEnvelope<T> }> {
  const { payload, contentType } = multipartBody(fields, files);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/auth',
    payload,
    headers: {
      'content-type': contentType,
      'accept-language': opts.lang ?? 'en-US',
      ...(opts.token ? { accesstoken: opts.token } : {}),
    },
  });
  const body = JSON.parse(res.body) as ApiEnvelope<T>;
  checkAnswer(app, 'POST', '/api/user/auth', body);
  return { status: res.statusCode, body };
}

/** A plain test photo. */
export function photo(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a8899' } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF with GPS coordinates and a camera model. */
export function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '24/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '67/1 0/1 0/1',
      },
    })
    .toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes of PNG whose header declares width × height pixels (grey, 8 bits). */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Valid text fields of a submission (a CNIC holder born 30 years before today, Pakistan time). */
export function validFields(over: Record<string, string> = {}): Record<string, string> {
  const today = pktDate(Date.now());
  const birth = `${Number(today.slice(0, 4)) - 30}${today.slice(4, 10)}`.replace(/-02-29$/u, '-02-28');
  return {
    certType: 'cnic',
    certNumber: '35202-1234567-1',
    fullName: 'Ayesha Khan',
    birthDate: birth,
    agree: '1',
    ...over,
  };
}

/** The keys of the stored KYC photos (table stored_files, area 'kyc'). */
export async function storedPhotos(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('stored_files').select('key').where('area', '=', 'kyc').execute();
  return rows.map((r) => r.key);
}

/** Row counts a refusal must not change: the common tables and the KYC ones. */
export async function kycCounts(db: Db): Promise<Record<string, number>> {
  const count = async (table: 'kyc_submissions' | 'kyc_reviews') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ...(await rowCounts(db)),
    kyc_submissions: await count('kyc_submissions'),
    kyc_reviews: await count('kyc_reviews'),
  };
}
