// The back-office `investor` command (in process, on this run's database): a user's investor type set by
// phone or id, audited as the CLI actor; a bad type or an unknown user refused and nothing changed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBackoffice } from '../../server/tools/backoffice.ts';
import { traderOn } from '../support/cheap-trader.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { uniquePhone } from './helpers.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => tdb.close());

const cli = async (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBackoffice(
    [tdb.place.dataDir, ...args],
    { ...process.env, ...tdb.place.env },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
};

it('sets and clears a user’s investor type; refusals change nothing', async () => {
  const phone = uniquePhone();
  const tr = await traderOn(tdb.db, { phone, demoFundsPaisa: 1n });
  const typeOf = async () =>
    (
      await tdb.db
        .selectFrom('investor_types')
        .select('type')
        .where('user_id', '=', tr.userId)
        .executeTakeFirst()
    )?.type;
  expect((await cli(['investor', '--user', String(tr.userId), '--type', 'gold'])).status).toBe(2);
  expect((await cli(['investor', '--user', '999999999', '--type', 'international'])).status).toBe(1);
  expect(await typeOf()).toBeUndefined();
  const set = await cli(['investor', '--user', String(tr.userId), '--type', 'international']);
  expect(set.status).toBe(0);
  expect(JSON.parse(set.out)).toEqual({ command: 'investor', userId: tr.userId, type: 'international' });
  expect(await typeOf()).toBe('international');
  const back = await cli(['investor', '--user', String(tr.userId), '--type', 'regular']);
  expect(back.status).toBe(0);
  expect(await typeOf()).toBe('regular');
  const audits = await tdb.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('action', '=', 'user.investorType')
    .where('subject_id', '=', String(tr.userId))
    .execute();
  expect(audits.map((a) => a.source)).toEqual(['cli', 'cli']);
});
