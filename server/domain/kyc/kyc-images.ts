// KYC photos: typed by their bytes (never the declared type or name), decoded with a pixel limit (a
// decompression bomb fails at the header), turned upright, shrunk to fit 2000×2000 and re-encoded as JPEG
// without any metadata (no EXIF, no GPS), then stored in the database (files/stored-files.ts, area 'kyc'), so
// the operator console on any node shows them; never served as static files. Only operators see them, through
// readKycImage.
import sharp from 'sharp';
import { KYC_PHOTO_MAX_SIDE } from '../../../contract/kyc.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { getStoredFile, putStoredFile } from '../files/stored-files.ts';

/** A stored photo's key: 32 hex digits and the format's extension (ours are always .jpg). */
export const KYC_KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/u;
/** Decoding refuses images of more pixels than this (a 50000×50000 PNG fails before any pixel is read). */
export const KYC_MAX_INPUT_PIXELS = 40_000_000;

const TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export type SniffedType = 'jpeg' | 'png' | 'webp';

/** The image format by magic bytes: JPEG FF D8 FF, PNG 89 50 4E 47, WebP "RIFF" …. "WEBP"; else null. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Why a photo could not be used: not an image we take, undecodable, or too many pixels. */
export class KycPhotoError extends Error {
  constructor(readonly reason: 'type' | 'unreadable' | 'pixels') {
    super(`kyc photo: ${reason}`);
    this.name = 'KycPhotoError';
  }
}

/**
 * The photo as stored: upright, fitting KYC_PHOTO_MAX_SIDE², JPEG quality 85, metadata dropped (sharp writes
 * none unless asked). Throws KycPhotoError.
 */
export async function reencodeKycPhoto(input: Buffer): Promise<Buffer> {
  if (!sniffImageType(input)) throw new KycPhotoError('type');
  try {
    return await sharp(input, { limitInputPixels: KYC_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(KYC_PHOTO_MAX_SIDE, KYC_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new KycPhotoError(/pixel limit/iu.test(message) ? 'pixels' : 'unreadable');
  }
}

/** Stores a re-encoded JPEG under a fresh random key; returns the key. */
export function storeKycImage(db: Db, jpeg: Buffer): Promise<string> {
  return putStoredFile(db, 'kyc', jpeg);
}

/**
 * A stored photo's bytes and media type (for the operator console). A key not of our pattern (no path can be
 * named) or a missing photo is refused as `console.imageMissing`, a clean -1001, never a 500.
 */
export async function readKycImage(
  db: Db,
  dataDir: string,
  key: string,
): Promise<{ bytes: Buffer; type: string }> {
  if (!KYC_KEY_PATTERN.test(key)) throw new AppError('console.imageMissing');
  const bytes = await getStoredFile(db, dataDir, 'kyc', key);
  if (!bytes) throw new AppError('console.imageMissing');
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return { bytes, type: TYPES[ext] ?? 'application/octet-stream' };
}
