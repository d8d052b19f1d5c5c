// The back-office `ipo` command (in process, on this run's database): create an offering (bad fields refused,
// nothing stored), list it, allot it with a recorded seed (too early refused), run the payment deadline's pass
// and mark it listed; each operator action audited as the CLI actor.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBackoffice } from '../../server/tools/backoffice.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';

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

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

it('creates, lists, allots, pays and lists an offering; refusals store nothing', async () => {
  const t0 = Date.now() - 10 * HOUR;
  const fields = [
    ...[
      '--symbol',
      'GHNI',
      '--company',
      'Ghani Dairies',
      '--price',
      '33.00',
      '--floor',
      '24',
      '--cap',
      '33.60',
    ],
    ...['--total', '104000', '--retail', '26000', '--max', '100000', '--shariah', 'yes'],
    ...['--opens', iso(t0), '--closes', iso(t0 + HOUR), '--allot', iso(t0 + 2 * HOUR)],
    ...['--pay-by', iso(t0 + 3 * HOUR), '--list', String(t0 + 4 * HOUR)],
  ];
  const badLot = await cli(['ipo', 'create', ...fields, '--retail', '26100']);
  expect(badLot.status).toBe(1);
  expect(badLot.err).toMatch(/multiple of the lot/);
  const badTime = await cli(['ipo', 'create', ...fields, '--opens', 'tomorrow']);
  expect(badTime.status).toBe(1);
  expect(badTime.err).toMatch(/ISO 8601/);
  expect(await tdb.db.selectFrom('ipo_offerings').selectAll().execute()).toHaveLength(0);
  expect((await cli(['ipo', 'create', ...fields, '--bogus', 'x'])).status).toBe(2);
  expect((await cli(['ipo'])).status).toBe(2);

  const created = await cli(['ipo', 'create', ...fields]);
  expect(created.status).toBe(0);
  const o = JSON.parse(created.out);
  expect(o).toMatchObject({
    command: 'ipo create',
    symbol: 'GHNI',
    price: '33.00',
    lot: 500,
    state: 'to_be_allocated',
  });
  expect((await cli(['ipo', 'create', ...fields])).err).toMatch(/exists already/);

  const list = JSON.parse((await cli(['ipo', 'list'])).out);
  expect(list.offerings.map((x: { id: number }) => x.id)).toEqual([o.id]);

  const allot = await cli(['ipo', 'allot', '--id', String(o.id), '--seed', 'published-seed']);
  expect(allot.status).toBe(0);
  expect(JSON.parse(allot.out)).toMatchObject({
    seed: 'published-seed',
    applications: 0,
    allotted: 0,
    state: 'allotted',
  });
  expect((await cli(['ipo', 'allot', '--id', String(o.id)])).err).toMatch(/allotted already/);
  expect(JSON.parse((await cli(['ipo', 'pay-due'])).out)).toEqual({ command: 'ipo pay-due', paid: 0 });
  const listed = await cli(['ipo', 'listing', '--id', String(o.id)]);
  expect(listed.status).toBe(0);
  expect(JSON.parse(listed.out).state).toBe('listed');
  const audit = await tdb.db
    .selectFrom('operator_audit')
    .select(['action', 'source'])
    .where('subject_type', '=', 'ipo_offering')
    .orderBy('id')
    .execute();
  expect(audit).toEqual([
    { action: 'ipo.create', source: 'cli' },
    { action: 'ipo.allot', source: 'cli' },
    { action: 'ipo.list', source: 'cli' },
  ]);
});
