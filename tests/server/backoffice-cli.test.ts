// The back-office command end to end on this run's engine (child processes, like an operator's shell): a temp
// data directory on SQLite, DATABASE_URL on PostgreSQL; deposit (idempotent, exact decimal amounts), kyc, show,
// the refusals' exit status and messages (most of them through runBackoffice in process), and the data
// directory from DATA_DIR when none is given.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { createUser } from '../../server/domain/auth/users-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { runBackoffice } from '../../server/tools/backoffice.ts';

const CLI = path.resolve('server/tools/backoffice.ts');
const PHONE = '3001234567';
let tdb: TestDatabase;
let dir: string;
/** What the operator's shell has: DATABASE_URL on PostgreSQL (DATA_DIR too). */
let env: Record<string, string>;

const run = (args: string[], extra: Record<string, string> = env) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...withoutDatabaseUrl(process.env), ...extra },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

function withoutDatabaseUrl(e: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = e;
  return rest;
}

const journals = async () =>
  Number(
    (
      await tdb.db
        .selectFrom('ledger_journals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  tdb = await openTestDatabase();
  dir = tdb.place.dataDir;
  env = tdb.place.env;
  await createUser(tdb.db, {
    areaCode: '+92',
    phone: `+92${PHONE}`,
    passwordHash: 'x',
    invitedBy: null,
    demoFundsPaisa: 1n,
  });
});
afterAll(async () => tdb.close());

it('credits a deposit once, sets KYC and shows both', async () => {
  const dep = run([dir, 'deposit', '--phone', PHONE, '--amount', '50000.05', '--ref', 'BANK-123']);
  expect(dep.stderr).toBe('');
  expect(dep.status).toBe(0);
  expect(json(dep.stdout)).toMatchObject({
    created: true,
    channel: 'bank',
    reference: 'BANK-123',
    amount: '50000.05',
    available: '50000.05',
  });
  const again = run([dir, 'deposit', '--phone', `+92${PHONE}`, '--amount', '50000.05', '--ref', 'BANK-123']);
  expect(again.status).toBe(0);
  expect(json(again.stdout)).toMatchObject({ created: false, available: '50000.05' });
  expect(again.stderr).toMatch(/already credited; nothing changed/);
  const off = run([
    dir,
    'deposit',
    '--phone',
    PHONE,
    '--amount',
    '0.1',
    '--ref',
    'R-9',
    '--channel',
    'offline',
  ]);
  expect(json(off.stdout)).toMatchObject({ amount: '0.10', available: '50000.15', channel: 'offline' });

  const kyc = run([dir, 'kyc', '--phone', PHONE, '--status', 'succ']);
  expect(kyc.status).toBe(0);
  expect(json(kyc.stdout)).toMatchObject({ previous: 'none', status: 'succ', changed: true });

  // without a data directory argument the server's DATA_DIR is used
  const show = run(['show', '--phone', `0${PHONE}`], { ...env, DATA_DIR: dir });
  expect(show.status).toBe(0);
  expect(json(show.stdout)).toMatchObject({
    idStatus: 'succ',
    available: '50000.15',
    frozen: '0.00',
    deposits: [
      expect.objectContaining({ reference: 'R-9', amount: '0.10' }),
      expect.objectContaining({ reference: 'BANK-123', amount: '50000.05' }),
    ],
  });
  expect((await ledgerSelfCheck(tdb.db)).ok).toBe(true);
}, 120_000);

it('refuses bad input with a message and a non-zero exit, changing nothing', async () => {
  const before = await journals();
  const refused: Array<[string[], number, RegExp]> = [
    [['deposit', '--phone', PHONE, '--amount', '1.001', '--ref', 'X-1'], 1, /at most 2 decimals/],
    [['deposit', '--phone', PHONE, '--amount', '1e5', '--ref', 'X-1'], 1, /plain PKR amount/],
    [['deposit', '--phone', PHONE, '--amount', '-5', '--ref', 'X-1'], 2, /--amount/],
    [['deposit', '--phone', PHONE, '--amount', '0.00', '--ref', 'X-1'], 1, /more than 0/],
    [['deposit', '--phone', PHONE, '--amount', '5', '--ref', 'BANK-123'], 1, /referenceConflict/],
    [
      ['deposit', '--phone', PHONE, '--amount', '5', '--ref', 'X-1', '--channel', 'cash'],
      1,
      /channel must be/,
    ],
    [
      ['deposit', '--phone', '3009999999', '--amount', '5', '--ref', 'X-1'],
      1,
      /no user with phone \+923009999999/,
    ],
    [['deposit', '--phone', PHONE, '--ref', 'X-1'], 2, /--amount is required/],
    [['deposit', '--amount', '5', '--ref', 'X-1'], 2, /exactly one of --phone or --user/],
    [
      ['deposit', '--phone', PHONE, '--amount', '5', '--ref', 'X-1', '--status', 'succ'],
      2,
      /does not take --status/,
    ],
    [
      ['kyc', '--phone', PHONE, '--status', 'verified'],
      2,
      /--status must be one of none, pending, succ, fail/,
    ],
    [['kyc', '--user', 'abc', '--status', 'succ'], 2, /--user must be a user id/],
    [['refund', '--phone', PHONE], 2, /unknown command "refund"/],
    [['deposit', '--phone', PHONE, '--bogus', '1'], 2, /bogus/],
  ];
  // In process (the same runBackoffice the command calls) keeps the table fast; a few go through a real process.
  for (const [args, status, message] of refused) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runBackoffice([dir, ...args], env, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect({ args, code, out }).toEqual({ args, code: status, out: [] });
    expect(err.join('\n')).toMatch(message);
  }
  for (const i of [0, 6, 10]) {
    const [args, status, message] = refused[i]!;
    const r = run([dir, ...args]);
    expect({ args, status: r.status, stdout: r.stdout }).toEqual({ args, status, stdout: '' });
    expect(r.stderr).toMatch(message);
  }
  // no DATABASE_URL: the SQLite file in the given directory, which is not there
  const missing = run([path.join(dir, 'nope'), 'show', '--phone', PHONE], {});
  expect(missing.status).toBe(1);
  expect(missing.stderr).toMatch(/no database at .*nope.app\.db/);
  expect(fs.existsSync(path.join(dir, 'nope'))).toBe(false);
  expect(run([]).status).toBe(2);
  expect(run(['--help'])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^usage: /) });
  expect(await journals()).toBe(before);
  // six real processes, each loading the CLI through tsx (2–5 s apiece on a loaded 2-core machine)
}, 120_000);

it('prints the newest outbox messages for a phone (sms), in any phone form', async () => {
  await tdb.db
    .insertInto('sms_outbox')
    .values([
      { phone: `+92${PHONE}`, text: 'Your verification code is 111111.', created_at: 1_000 },
      { phone: `+92${PHONE}`, text: 'Your verification code is 222222.', created_at: 2_000 },
      { phone: '+923009999999', text: 'someone else', created_at: 3_000 },
    ])
    .execute();
  const r = run([dir, 'sms', '--phone', `0${PHONE}`, '--limit', '1']);
  expect(r.status).toBe(0);
  expect(json(r.stdout)).toEqual({
    command: 'sms',
    phone: `+92${PHONE}`,
    messages: [{ sentAt: new Date(2_000).toISOString(), text: 'Your verification code is 222222.' }],
  });
  const all = json(run([dir, 'sms', '--phone', PHONE]).stdout);
  expect(all['messages']).toHaveLength(2);
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  expect(await runBackoffice([dir, 'sms', '--phone', '12345'], env, io)).toBe(2);
  expect(await runBackoffice([dir, 'sms', '--phone', PHONE, '--limit', '0'], env, io)).toBe(2);
  expect(await runBackoffice([dir, 'sms', '--user', '1'], env, io)).toBe(2);
  expect(await runBackoffice([dir, 'sms', '--phone', '3110000000'], env, io)).toBe(0);
  expect(err.join('\n')).toMatch(/no message for \+923110000000/);
});
