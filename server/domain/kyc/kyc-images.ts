// Reading a stored KYC photo for the console. Photos live under <dataDir>/private/kyc/ (never a served
// directory); a key is the file's name and must match KYC_IMAGE_KEY, so no key can reach another path.
// (The kyc area's fuller module, with the upload side, replaces this file at merge with the same export.)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.ts';

export const KYC_IMAGE_KEY = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The photo's bytes and content type; AppError 'console.imageMissing' for a bad key or a missing file. */
export async function readKycImage(dataDir: string, key: string): Promise<{ bytes: Buffer; type: string }> {
  const m = KYC_IMAGE_KEY.exec(key);
  if (!m) throw new AppError('console.imageMissing');
  try {
    const bytes = await readFile(path.join(dataDir, 'private', 'kyc', key));
    return { bytes, type: TYPES[m[1] ?? 'jpg'] ?? 'application/octet-stream' };
  } catch {
    throw new AppError('console.imageMissing');
  }
}
