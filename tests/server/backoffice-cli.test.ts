// The back-office command end to end on a temp data directory (child processes, like an operator's shell):
// deposit (idempotent, exact decimal amounts), kyc, show, the refusals' exit status and messages (most of them
// through runBackoffice in process), and the data directory from DATA_DIR when none is given.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb } from '../support/raw-db.ts';
import { createUser } from '../../server/domain/auth/users-repo.sync.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { runBackoffice } from '../../server/tools/backoffice.ts';

const CLI = path.resolve('server/tools/backoffice.ts');
const PHONE = '3001234567';
let dir: string;

const run = (args: string[], env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-backoffice-'));
  const db = openDb(dir);
  createUser(db, {
    areaCode: '+92',
    phone: `+92${PHONE}`,
    passwordHash: 'x',
    invitedBy: null,
    demoFundsPaisa: 1n,
  });
  db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('credits a deposit once, sets KYC and shows both', () => {
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
  const show = run(['show', '--phone', `0${PHONE}`], { DATA_DIR: dir });
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
  const db = openDb(dir);
  expect(ledgerSelfCheck(db).ok).toBe(true);
  db.close();
});

it('refuses bad input with a message and a non-zero exit, changing nothing', () => {
  const journals = () => {
    const db = openDb(dir);
    const n = db.prepare('SELECT COUNT(*) FROM ledger_journals').pluck().get();
    db.close();
    return n;
  };
  const before = journals();
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
    const code = runBackoffice([dir, ...args], {}, { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect({ args, code, out }).toEqual({ args, code: status, out: [] });
    expect(err.join('\n')).toMatch(message);
  }
  for (const i of [0, 6, 10]) {
    const [args, status, message] = refused[i]!;
    const r = run([dir, ...args]);
    expect({ args, status: r.status, stdout: r.stdout }).toEqual({ args, status, stdout: '' });
    expect(r.stderr).toMatch(message);
  }
  const missing = run([path.join(dir, 'nope'), 'show', '--phone', PHONE]);
  expect(missing.status).toBe(1);
  expect(missing.stderr).toMatch(/no database at .*nope.app\.db/);
  expect(fs.existsSync(path.join(dir, 'nope'))).toBe(false);
  expect(run([]).status).toBe(2);
  expect(run(['--help'])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^usage: /) });
  expect(journals()).toBe(before);
});

it('prints the newest outbox messages for a phone (sms), in any phone form', () => {
  const db = openDb(dir);
  const insert = db.prepare('INSERT INTO sms_outbox (phone, text, created_at) VALUES (?, ?, ?)');
  insert.run(`+92${PHONE}`, 'Your verification code is 111111.', 1_000);
  insert.run(`+92${PHONE}`, 'Your verification code is 222222.', 2_000);
  insert.run('+923009999999', 'someone else', 3_000);
  db.close();
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
  expect(runBackoffice([dir, 'sms', '--phone', '12345'], {}, io)).toBe(2);
  expect(runBackoffice([dir, 'sms', '--phone', PHONE, '--limit', '0'], {}, io)).toBe(2);
  expect(runBackoffice([dir, 'sms', '--user', '1'], {}, io)).toBe(2);
  expect(runBackoffice([dir, 'sms', '--phone', '3110000000'], {}, io)).toBe(0);
  expect(err.join('\n')).toMatch(/no message for \+923110000000/);
});
