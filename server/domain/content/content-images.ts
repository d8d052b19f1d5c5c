// Images of news articles and Home banners, uploaded by operators: typed by their bytes, decoded with the KYC
// pixel limit, turned upright, shrunk to fit 1600×1600 and re-encoded as JPEG without metadata (the same path
// as KYC photos, kyc-images.ts), then stored in the database (files/stored-files.ts, area 'content'), so every
// node serves them. Unlike KYC photos they are
// public: GET /api/content/image/<key> serves them to anyone, cached for a year (a key never changes content:
// a new image is a new key).
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { getStoredFile, putStoredFile } from '../files/stored-files.ts';
import { KYC_MAX_INPUT_PIXELS, KycPhotoError, sniffImageType } from '../kyc/kyc-images.ts';

export const CONTENT_IMAGE_MAX_SIDE = 1600;
export const CONTENT_KEY_PATTERN = /^[0-9a-f]{32}\.jpg$/u;
export const contentImageUrl = (key: string): string => `/api/content/image/${key}`;

/** Re-encodes an uploaded image (throws KycPhotoError: 'type' | 'unreadable' | 'pixels'). */
export async function reencodeContentImage(input: Buffer): Promise<Buffer> {
  if (!sniffImageType(input)) throw new KycPhotoError('type');
  try {
    return await sharp(input, { limitInputPixels: KYC_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(CONTENT_IMAGE_MAX_SIDE, CONTENT_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new KycPhotoError(/pixel limit/iu.test(message) ? 'pixels' : 'unreadable');
  }
}

/** Stores a re-encoded JPEG under a fresh random key; returns the key. */
export function storeContentImage(db: Db, jpeg: Buffer): Promise<string> {
  return putStoredFile(db, 'content', jpeg);
}

/** A stored image's bytes, or null for a key not of our pattern or a missing file. */
export async function readContentImage(db: Db, dataDir: string, key: string): Promise<Buffer | null> {
  if (!CONTENT_KEY_PATTERN.test(key)) return null;
  return getStoredFile(db, dataDir, 'content', key);
}
