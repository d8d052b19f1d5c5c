// Chat images: checked and re-encoded exactly as KYC photos are (kyc-images.ts: typed by their bytes, a pixel
// limit, upright, JPEG without metadata), shrunk to CHAT_IMAGE_MAX_SIDE, and stored in the database
// (files/stored-files.ts, area 'chat'), never served as static files: the routes hand an image only to the
// parties of its conversation.
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { CHAT_IMAGE_MAX_SIDE } from '../../../contract/service.ts';
import { AppError } from '../../errors.ts';
import { getStoredFile, putStoredFile } from '../files/stored-files.ts';
import { KYC_MAX_INPUT_PIXELS, sniffImageType } from '../kyc/kyc-images.ts';

const KEY = /^[0-9a-f]{32}\.jpg$/u;

/** The image as stored, or a refusal (`service.imageType`, `service.imageUnreadable`, `service.imagePixels`). */
export async function reencodeChatImage(input: Buffer): Promise<Buffer> {
  if (!sniffImageType(input)) throw new AppError('service.imageType');
  try {
    return await sharp(input, { limitInputPixels: KYC_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(CHAT_IMAGE_MAX_SIDE, CHAT_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new AppError(/pixel limit/iu.test(message) ? 'service.imagePixels' : 'service.imageUnreadable');
  }
}

export function storeChatImage(db: Db, jpeg: Buffer): Promise<string> {
  return putStoredFile(db, 'chat', jpeg);
}

export async function readChatImage(db: Db, dataDir: string, key: string): Promise<Buffer> {
  if (!KEY.test(key)) throw new AppError('service.imageMissing');
  const bytes = await getStoredFile(db, dataDir, 'chat', key);
  if (!bytes) throw new AppError('service.imageMissing');
  return bytes;
}
