// Reading and writing platform settings (registry.ts). A stored value that no longer fits its key's type
// (a key whose type changed) reads as the default, so a bad row can never stop deposits or withdrawals.
import { Compile } from 'typebox/compile';
import type { Db } from '../../db/database.ts';
import { HoursSetting } from '../../../contract/settings.ts';
import { hoursProblem, type HoursWindow } from './hours.ts';
import { SETTINGS, isSettingKey, type SettingKey, type SettingValue, type Settings } from './registry.ts';

const checkers = new Map<string, ReturnType<typeof Compile>>();
function checker(key: SettingKey): ReturnType<typeof Compile> {
  let c = checkers.get(key);
  if (!c) {
    c = Compile(SETTINGS[key].schema);
    checkers.set(key, c);
  }
  return c;
}

export class SettingError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingError';
  }
}

/** Why `value` cannot be the value of `key`, or null when it can. */
export function settingProblem(key: string, value: unknown): string | null {
  if (!isSettingKey(key)) return `unknown setting "${key}"`;
  if (!checker(key).Check(value)) return `not a valid value for ${key}: ${SETTINGS[key].doc}`;
  // every hours key (deposit.hours, withdraw.hours, crypto.withdrawHours) by its type, not by its name
  if (SETTINGS[key].schema === HoursSetting) return hoursProblem(value as HoursWindow);
  return null;
}

function defaults(): Settings {
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(SETTINGS)) out[k] = structuredClone(d.default);
  return out as Settings;
}

/** Every setting, stored value or default. */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('platform_settings').select(['key', 'value']).execute();
  const out = defaults() as Record<string, unknown>;
  for (const row of rows) {
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      continue;
    }
    if (settingProblem(row.key, value) === null) out[row.key] = value;
  }
  return out as Settings;
}

/** One setting, stored value or default. */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  return (await readSettings(db))[key];
}

/** Stores a setting after checking it; returns the previous value (for the audit log). */
export async function writeSetting(
  db: Db,
  key: string,
  value: unknown,
  by: number | null,
  now: number,
): Promise<{ before: unknown; after: unknown }> {
  const problem = settingProblem(key, value);
  if (problem !== null || !isSettingKey(key))
    throw new SettingError(key, problem ?? `unknown setting "${key}"`);
  const before = (await readSettings(db))[key];
  const json = JSON.stringify(value);
  await db
    .insertInto('platform_settings')
    .values({ key, value: json, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now, updated_by: by }))
    .execute();
  return { before, after: value };
}
