// Back-office command line: what an operator runs when an offline/bank deposit is confirmed or an ID check is
// decided, against the server's database: PostgreSQL when DATABASE_URL is set (as the server reads it), else
// the SQLite file in the data directory (safe while the server runs: WAL, busy timeout, IMMEDIATE
// transactions). Usage: see USAGE below, or `npx tsx server/tools/backoffice.ts --help`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/database.ts';
import {
  creditDeposit,
  DEPOSIT_CHANNELS,
  DEPOSIT_KIND,
  parsePkrAmount,
  type DepositChannel,
} from '../domain/backoffice/deposits.ts';
import { isKycStatus, KYC_STATUSES, setKycStatus } from '../domain/backoffice/kyc.ts';
import { normalisePkMobile } from '../domain/auth/phone.ts';
import { BackofficeError, resolveAccount, type UserRef } from '../domain/backoffice/user-ref.ts';
import { formatMinor } from '../../contract/money.ts';
import { cashOf, frozenOf, userAcct } from '../domain/ledger/books.ts';
import {
  chainSend,
  channelPassword,
  depositCredit,
  DepositCommandError,
  depositReject,
  depositsList,
} from './backoffice-deposits.ts';
import {
  WITHDRAW_ACTIONS,
  WITHDRAW_OPTIONS,
  WITHDRAW_USAGE,
  withdrawCommand,
  type WithdrawAction,
} from './backoffice-withdraw.ts';
import {
  IPO_ACTIONS,
  IPO_OPTION_NAMES,
  IPO_OPTIONS,
  IPO_USAGE,
  ipoCommand,
  type IpoAction,
} from './backoffice-ipo.ts';
// ---- placements (issue 17 §4)
import { INVESTOR_USAGE, investorCommand } from './backoffice-placement.ts';
// ---- loans (issue 18)
import { LOAN_ACTIONS, LOAN_OPTIONS, LOAN_USAGE, loanCommand, type LoanAction } from './backoffice-loan.ts';
// ---- market scenarios (issue 16 item 7)
import { MARKET_USAGE, marketCrashCommand } from './backoffice-market.ts';

export const USAGE = `usage: npx tsx server/tools/backoffice.ts [<dataDir>] <command> [options]
       npm run backoffice -- [<dataDir>] <command> [options]

The database is the server's: PostgreSQL at $DATABASE_URL when that is set; otherwise the SQLite file app.db
in <dataDir>, the server's DATA_DIR (default: $DATA_DIR, else ./data, as the server reads it in
server/config.ts). The database must exist (the server creates it on its first start).

commands (name the customer by --phone 3001234567 | 03001234567 | +923001234567, or --user <user id>):
  deposit --phone P --amount 50000.00 --ref BANK-123 [--channel ${DEPOSIT_CHANNELS.join('|')}] [--memo TEXT]
          credit a confirmed deposit to the REAL account (channel default bank); the same --ref twice
          credits once
  kyc     --phone P --status ${KYC_STATUSES.join('|')} [--reason TEXT]
          set the KYC status the app shows (succ lets the real account trade)
  show    --phone P
          the user's KYC status, real account cash and back-office deposits
  deposits [--status pending|credited|rejected] [--limit N]
          the deposit requests users made in the app, newest first
  deposit-credit --id N --ref BANK-REF
          credit a pending bank, wallet or offline request once matched to the bank entry (audited)
  deposit-reject --id N --reason TEXT
          reject a pending request with the reason the user reads (audited)
  chain-send --chain TRC20|ERC20|BEP20 --amount 25.5 (--phone P | --user ID | --address A)
          a simulated USDT transfer to the customer's deposit address; the server's chain watcher
          credits it after the chain's confirmations
  channel-password --password X [--phone P | --user ID]
          set the offline channel password of one customer, or without a customer the default one
  sms     --phone P [--limit N]
          the newest messages (default 5) the development SMS outbox holds for a phone, registered or not:
          where a developer reads the verification code when no SMS provider is configured
${WITHDRAW_USAGE}
${IPO_USAGE}
${INVESTOR_USAGE}
${LOAN_USAGE}
${MARKET_USAGE}

exit status: 0 done (also a repeated deposit), 1 refused (the reason is printed), 2 bad usage`;

const COMMANDS = [
  'deposit',
  'kyc',
  'show',
  'sms',
  'deposits',
  'deposit-credit',
  'deposit-reject',
  'chain-send',
  'channel-password',
  'withdraw',
  'ipo',
  'loan',
  // ---- placements (issue 17 §4)
  'investor',
  // ---- market scenarios (issue 16 item 7)
  'market-crash',
] as const;
type Command = (typeof COMMANDS)[number];
const ALLOWED: Record<Command, readonly string[]> = {
  deposit: ['phone', 'user', 'amount', 'ref', 'channel', 'memo'],
  kyc: ['phone', 'user', 'status', 'reason'],
  show: ['phone', 'user'],
  sms: ['phone', 'limit'],
  deposits: ['status', 'limit'],
  'deposit-credit': ['id', 'ref'],
  'deposit-reject': ['id', 'reason'],
  'chain-send': ['chain', 'amount', 'phone', 'user', 'address'],
  'channel-password': ['password', 'phone', 'user'],
  withdraw: [],
  ipo: [],
  loan: [],
  // ---- placements (issue 17 §4)
  investor: ['phone', 'user', 'type'],
  // ---- market scenarios (issue 16 item 7)
  'market-crash': ['symbol', 'pct', 'seconds'],
};

class UsageError extends Error {}

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

type Values = Partial<Record<string, string | boolean>>;

function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

function need(values: Values, name: string, example: string): string {
  const v = str(values, name);
  if (v === undefined || v.trim() === '')
    throw new UsageError(`--${name} is required (e.g. --${name} ${example})`);
  return v;
}

function userRef(values: Values): UserRef {
  const phone = str(values, 'phone');
  const user = str(values, 'user');
  if ((phone === undefined) === (user === undefined))
    throw new UsageError('give exactly one of --phone or --user');
  if (phone !== undefined) return { phone };
  if (!/^[1-9][0-9]{0,14}$/.test(user ?? '')) throw new UsageError(`--user must be a user id, got "${user}"`);
  return { userId: Number(user) };
}

interface Target {
  dataDir: string;
  /** set: the database is PostgreSQL (DATABASE_URL), the data directory is not used for it */
  databaseUrl: string;
  command: string;
  /** withdraw's action (list | approve | reject) */
  action?: WithdrawAction;
  /** ipo's action (create | list | allot | listing | pay-due) */
  ipoAction?: IpoAction;
  /** loan's action (list | approve | reject | confirm | refuse) */
  loanAction?: LoanAction;
}

function targetOf(positionals: string[], env: NodeJS.ProcessEnv): Target {
  if (positionals.length === 0) throw new UsageError('missing command');
  const last = positionals[positionals.length - 1] ?? '';
  if (
    positionals[positionals.length - 2] === 'withdraw' &&
    (WITHDRAW_ACTIONS as readonly string[]).includes(last)
  ) {
    return { ...targetOf(positionals.slice(0, -1), env), action: last as WithdrawAction };
  }
  if (positionals[positionals.length - 2] === 'ipo' && (IPO_ACTIONS as readonly string[]).includes(last)) {
    return { ...targetOf(positionals.slice(0, -1), env), ipoAction: last as IpoAction };
  }
  if (positionals[positionals.length - 2] === 'loan' && (LOAN_ACTIONS as readonly string[]).includes(last)) {
    return { ...targetOf(positionals.slice(0, -1), env), loanAction: last as LoanAction };
  }
  if (positionals.length > 2) throw new UsageError(`unexpected arguments: ${positionals.slice(2).join(' ')}`);
  const [first, second] = positionals as [string, string | undefined];
  const config = loadConfig(env);
  return second === undefined
    ? { dataDir: config.dataDir, databaseUrl: config.databaseUrl, command: first }
    : { dataDir: path.resolve(first), databaseUrl: config.databaseUrl, command: second };
}

const pkr = (paisa: bigint) => formatMinor(paisa, 2);

async function deposit(db: Db, values: Values, io: Io): Promise<void> {
  const channel = str(values, 'channel') ?? 'bank';
  const memo = str(values, 'memo');
  const r = await creditDeposit(db, {
    ...userRef(values),
    amountPaisa: parsePkrAmount(need(values, 'amount', '50000.00')),
    reference: need(values, 'ref', 'BANK-123'),
    channel: channel as DepositChannel,
    ...(memo !== undefined ? { memo } : {}),
  });
  if (!r.created) io.err(`backoffice: reference ${r.reference} was already credited; nothing changed`);
  io.out(
    JSON.stringify({
      command: 'deposit',
      created: r.created,
      userId: r.userId,
      accountId: r.accountId,
      channel: r.channel,
      reference: r.reference,
      amount: pkr(r.amountPaisa),
      available: pkr(r.balancePaisa),
      journalId: r.journalId,
    }),
  );
}

async function kyc(db: Db, values: Values, io: Io): Promise<void> {
  const ref = userRef(values);
  const status = need(values, 'status', 'succ');
  if (!isKycStatus(status))
    throw new UsageError(`--status must be one of ${KYC_STATUSES.join(', ')}, got "${status}"`);
  const r = await setKycStatus(db, ref.phone ?? ref.userId ?? 0, status, str(values, 'reason') ?? '');
  if (!r.changed) io.err(`backoffice: user ${r.userId} is already ${r.status}; nothing changed`);
  io.out(JSON.stringify({ command: 'kyc', ...r }));
}

async function show(db: Db, values: Values, io: Io): Promise<void> {
  const { user, accountId } = await resolveAccount(db, userRef(values));
  const cash = await userAcct(db, accountId, 'cash');
  const deposits = await db
    .selectFrom('ledger_journals as j')
    .innerJoin('ledger_postings as p', (join) =>
      join.onRef('p.journal_id', '=', 'j.id').on('p.ledger_account_id', '=', cash),
    )
    .select(['j.ref as reference', 'p.amount', 'j.memo', 'j.created_at as createdAt'])
    .where('j.kind', '=', DEPOSIT_KIND)
    .orderBy('j.id', 'desc')
    .limit(20)
    .execute();
  io.out(
    JSON.stringify({
      command: 'show',
      userId: user.id,
      phone: user.phone,
      idStatus: user.idStatus,
      realAccountId: accountId,
      available: pkr(await cashOf(db, accountId)),
      frozen: pkr(await frozenOf(db, accountId)),
      deposits: deposits.map((d) => ({
        reference: d.reference,
        amount: pkr(d.amount),
        memo: d.memo,
        createdAt: new Date(d.createdAt).toISOString(),
      })),
    }),
  );
}

async function sms(db: Db, values: Values, io: Io): Promise<void> {
  const given = need(values, 'phone', '3001234567');
  const phone = normalisePkMobile(given.replace(/[\s-]/g, ''));
  if (phone === null) throw new UsageError(`--phone must be a Pakistani mobile number, got "${given}"`);
  const limit = str(values, 'limit') ?? '5';
  if (!/^[1-9][0-9]{0,2}$/.test(limit)) throw new UsageError(`--limit must be 1 to 999, got "${limit}"`);
  const rows = await db
    .selectFrom('sms_outbox')
    .select(['text', 'created_at as createdAt'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(Number(limit))
    .execute();
  if (rows.length === 0) io.err(`backoffice: the outbox holds no message for ${phone}`);
  io.out(
    JSON.stringify({
      command: 'sms',
      phone,
      messages: rows.map((r) => ({ sentAt: new Date(r.createdAt).toISOString(), text: r.text })),
    }),
  );
}

/** Runs one command; returns the exit status (0 done, 1 refused, 2 bad usage). */
export async function runBackoffice(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let database: Database | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        phone: { type: 'string' },
        user: { type: 'string' },
        amount: { type: 'string' },
        ref: { type: 'string' },
        channel: { type: 'string' },
        memo: { type: 'string' },
        status: { type: 'string' },
        reason: { type: 'string' },
        limit: { type: 'string' },
        id: { type: 'string' },
        chain: { type: 'string' },
        address: { type: 'string' },
        password: { type: 'string' },
        // ---- placements (issue 17 §4)
        type: { type: 'string' },
        // ---- market scenarios (issue 16 item 7; --symbol is the ipo command's)
        pct: { type: 'string' },
        seconds: { type: 'string' },
        ...Object.fromEntries(
          IPO_OPTION_NAMES.filter((k) => !['limit', 'id'].includes(k)).map((k) => [
            k,
            { type: 'string' as const },
          ]),
        ),
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const { dataDir, databaseUrl, command, action, ipoAction, loanAction } = targetOf(positionals, env);
    if (!(COMMANDS as readonly string[]).includes(command))
      throw new UsageError(`unknown command "${command}"`);
    const cmd = command as Command;
    if (cmd === 'withdraw' && action === undefined)
      throw new UsageError(`withdraw needs one of ${WITHDRAW_ACTIONS.join(', ')}`);
    if (cmd === 'ipo' && ipoAction === undefined)
      throw new UsageError(`ipo needs one of ${IPO_ACTIONS.join(', ')}`);
    if (cmd === 'loan' && loanAction === undefined)
      throw new UsageError(`loan needs one of ${LOAN_ACTIONS.join(', ')}`);
    const allowed = action
      ? WITHDRAW_OPTIONS[action]
      : ipoAction
        ? IPO_OPTIONS[ipoAction]
        : loanAction
          ? LOAN_OPTIONS[loanAction]
          : ALLOWED[cmd];
    const extra = Object.keys(values).filter((k) => !allowed.includes(k));
    if (extra.length) throw new UsageError(`${cmd} does not take ${extra.map((k) => `--${k}`).join(', ')}`);
    const file = path.join(dataDir, 'app.db');
    if (!databaseUrl && !fs.existsSync(file)) {
      io.err(
        `backoffice: no database at ${file} (is the data directory right? the server creates it on start)`,
      );
      return 1;
    }
    database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl, poolSize: 2 } : {}) });
    const db = database.db;
    const optionalRef = () =>
      str(values, 'phone') === undefined && str(values, 'user') === undefined ? null : userRef(values);
    if (cmd === 'withdraw') {
      const err = (m: string) => new UsageError(m);
      await withdrawCommand(db, action ?? 'list', values, io.out, io.err, err);
    } else if (cmd === 'ipo') {
      await ipoCommand(db, ipoAction ?? 'list', values, io.out, (m) => new UsageError(m));
    } else if (cmd === 'investor') {
      // ---- placements (issue 17 §4)
      await investorCommand(db, userRef(values), str(values, 'type'), io.out, (m) => new UsageError(m));
    } else if (cmd === 'market-crash') {
      // ---- market scenarios (issue 16 item 7)
      const simControls = loadConfig(env).simControls;
      await marketCrashCommand(db, simControls, values, io.out, (m) => new UsageError(m));
    } else if (cmd === 'loan') {
      await loanCommand(db, loanAction ?? 'list', values, io.out, io.err, (m) => new UsageError(m));
    } else {
      await {
        deposit: () => deposit(db, values, io),
        kyc: () => kyc(db, values, io),
        show: () => show(db, values, io),
        sms: () => sms(db, values, io),
        deposits: () => depositsList(db, values, io),
        'deposit-credit': () => depositCredit(db, values, io),
        'deposit-reject': () => depositReject(db, values, io),
        'chain-send': () => chainSend(db, values, optionalRef(), io),
        'channel-password': () => channelPassword(db, values, optionalRef(), io),
      }[cmd]();
    }
    return 0;
  } catch (e) {
    if (e instanceof BackofficeError) {
      io.err(`backoffice: refused (${e.reason}): ${e.message}`);
      return 1;
    }
    if (e instanceof DepositCommandError) {
      io.err(`backoffice: refused: ${e.message}`);
      return 1;
    }
    const parseError =
      e instanceof TypeError && String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (e instanceof UsageError || parseError) {
      io.err(`backoffice: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  } finally {
    await database?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runBackoffice(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
