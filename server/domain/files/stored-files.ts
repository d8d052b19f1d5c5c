// Uploaded files (KYC photos, chat images, news and banner images) kept in the database, table stored_files
// (migration 280), so every node of a cluster serves what any node stored: nodes do not share a disk, and a
// file in one node's DATA_DIR was missing on the others (issue 13). A backup of the database holds them too.
// Keys are 32 random hex digits and `.jpg`; the callers check a key's pattern before asking, so no key names
// a path. A file stored by an earlier version under DATA_DIR (<dataDir>/<legacy dir>/<key>) is still read from
// there when the database does not have it.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';

export type FileArea = 'kyc' | 'chat' | 'content';

/** Where earlier versions wrote each area's files under DATA_DIR. */
const LEGACY_DIR: Readonly<Record<FileArea, readonly string[]>> = {
  kyc: ['private', 'kyc'],
  chat: ['private', 'chat'],
  content: ['public', 'content'],
};

/** Stores `bytes` under a fresh random key (`<32 hex>.jpg`), in the caller's transaction if `db` is one. */
export async function putStoredFile(
  db: Db,
  area: FileArea,
  bytes: Buffer,
  now: number = Date.now(),
): Promise<string> {
  const key = `${randomBytes(16).toString('hex')}.jpg`;
  await db.insertInto('stored_files').values({ area, key, bytes, created_at: now }).execute();
  return key;
}

/** The file's bytes, or null when neither the database nor the legacy directory has it. */
export async function getStoredFile(
  db: Db,
  dataDir: string,
  area: FileArea,
  key: string,
): Promise<Buffer | null> {
  const row = await db
    .selectFrom('stored_files')
    .select('bytes')
    .where('area', '=', area)
    .where('key', '=', key)
    .executeTakeFirst();
  if (row) return row.bytes;
  try {
    return await readFile(path.join(dataDir, ...LEGACY_DIR[area], path.basename(key)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
