// The server keys the nodes of one database must share (server/domain/cluster/shared-secrets.ts): on
// PostgreSQL a node whose SMS-code, deposit-address or VAPID key differs from the first node's refuses to
// start, naming the variable to set; a node with the same keys starts. Uploaded files are in the database, so a
// node with its own DATA_DIR serves what another stored. On SQLite (one node, one DATA_DIR) nothing is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { getStoredFile, putStoredFile } from '../../server/domain/files/stored-files.ts';
import { clusterSecrets } from '../support/cluster-secrets.ts';
import { freshDbPlace, testDialect, type TestDbPlace } from '../support/test-db.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

const onPg = testDialect() === 'postgres';

describe.runIf(onPg)('server keys shared by the nodes of one PostgreSQL database', () => {
  let place: TestDbPlace;
  let first: TestApp;
  const node = (env: Record<string, string> = clusterSecrets()) =>
    makeTestApp({ DATABASE_URL: place.databaseUrl ?? '', ...env });

  beforeAll(async () => {
    place = await freshDbPlace();
    first = await node();
  });
  afterAll(async () => {
    await first?.close();
    await place?.remove();
  });

  it('refuses a node with keys of its own, naming what to set; starts one with the same keys', async () => {
    // No keys set: this node generates its own in its own DATA_DIR, as a second machine would.
    await expect(node({})).rejects.toThrow(/SMS_CODE_SECRET/);
    const { SMS_CODE_SECRET, DEPOSIT_ADDRESS_SECRET } = clusterSecrets();
    await expect(node({ SMS_CODE_SECRET: SMS_CODE_SECRET! })).rejects.toThrow(/DEPOSIT_ADDRESS_SECRET/);
    const other = webpush.generateVAPIDKeys();
    await expect(
      node({
        SMS_CODE_SECRET: SMS_CODE_SECRET!,
        DEPOSIT_ADDRESS_SECRET: DEPOSIT_ADDRESS_SECRET!,
        VAPID_PUBLIC_KEY: other.publicKey,
        VAPID_PRIVATE_KEY: other.privateKey,
      }),
    ).rejects.toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    const second = await node();
    try {
      expect(second.dataDir).not.toBe(first.dataDir);
      // A file one node stored is served by the other, whatever its own DATA_DIR holds.
      const key = await putStoredFile(first.db, 'chat', Buffer.from('jpeg bytes'));
      expect(await getStoredFile(second.db, second.dataDir, 'chat', key)).toEqual(Buffer.from('jpeg bytes'));
      expect(await getStoredFile(second.db, second.dataDir, 'kyc', key)).toBeNull();
      // The database holds fingerprints, never the keys.
      const prints = await second.db.selectFrom('server_secret_prints').selectAll().execute();
      expect(prints.map((p) => p.name).sort()).toEqual(['deposit-address', 'sms-code', 'vapid']);
      const stored = JSON.stringify(prints);
      for (const secret of Object.values(clusterSecrets())) expect(stored).not.toContain(secret);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(!onPg)('one node on SQLite', () => {
  it('starts twice on one DATA_DIR with generated keys, and records no fingerprints', async () => {
    const a = await makeTestApp();
    try {
      const b = await makeTestApp({ DATA_DIR: a.dataDir });
      await b.close();
      expect(await a.db.selectFrom('server_secret_prints').selectAll().execute()).toEqual([]);
    } finally {
      await a.close();
    }
  });
});
