// Chat images: checked and re-encoded exactly as KYC photos are (kyc-images.ts: typed by their bytes, a pixel
// limit, upright, JPEG without metadata), shrunk to CHAT_IMAGE_MAX_SIDE, and stored under
// <dataDir>/private/chat/<key> (mode 0600 in a 0700 directory), never served as static files: the routes hand
// an image only to the parties of its conversation.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CHAT_IMAGE_MAX_SIDE } from '../../../contract/service.ts';
import { AppError } from '../../errors.ts';
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

const dirOf = (dataDir: string) => path.join(dataDir, 'private', 'chat');

export async function storeChatImage(dataDir: string, jpeg: Buffer): Promise<string> {
  const dir = dirOf(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const key = `${randomBytes(16).toString('hex')}.jpg`;
  await writeFile(path.join(dir, key), jpeg, { mode: 0o600, flag: 'wx' });
  return key;
}

export async function readChatImage(dataDir: string, key: string): Promise<Buffer> {
  if (!KEY.test(key)) throw new AppError('service.imageMissing');
  try {
    return await readFile(path.join(dirOf(dataDir), key));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('service.imageMissing');
    throw err;
  }
}
