import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import {
  readSetting,
  readSettings,
  SettingError,
  writeSetting,
} from '../../server/domain/settings/settings-repo.ts';
import { SETTINGS } from '../../server/domain/settings/registry.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';

let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.close();
});

describe('platform settings', () => {
  it('reads defaults until a value is stored, then the stored value', async () => {
    expect(await readSetting(db, 'withdraw.min')).toBe(SETTINGS['withdraw.min'].default);
    const r = await writeSetting(db, 'withdraw.min', '2000.00', null, 1);
    expect(r).toEqual({ before: '1000.00', after: '2000.00' });
    expect(await readSetting(db, 'withdraw.min')).toBe('2000.00');
    await writeSetting(db, 'withdraw.min', '1500.50', 7, 2);
    expect((await readSettings(db))['withdraw.min']).toBe('1500.50');
  });

  it('refuses an unknown key, a wrong type and impossible hours, storing nothing', async () => {
    const before = await readSettings(db);
    await expect(writeSetting(db, 'nope', 1, null, 3)).rejects.toBeInstanceOf(SettingError);
    await expect(writeSetting(db, 'deposit.min', 500, null, 3)).rejects.toBeInstanceOf(SettingError);
    await expect(writeSetting(db, 'deposit.min', '-5', null, 3)).rejects.toBeInstanceOf(SettingError);
    await expect(
      writeSetting(db, 'withdraw.hours', { days: [1], open: '17:00', close: '09:00' }, null, 3),
    ).rejects.toBeInstanceOf(SettingError);
    expect(await readSettings(db)).toEqual(before);
  });

  it('reads a stored value that no longer fits its type as the default', async () => {
    await db
      .insertInto('platform_settings')
      .values({ key: 'deposit.max', value: '{"broken":', updated_at: 4, updated_by: null })
      .execute();
    expect(await readSetting(db, 'deposit.max')).toBe(SETTINGS['deposit.max'].default);
  });
});
