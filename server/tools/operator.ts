// Operators of the console (/admin/), managed on the server only: there is no API that creates one.
// Usage: see USAGE below, or `npm run operator -- --help`. The database is the server's, as for backoffice.ts.
// Every command that changes an operator writes the audit log (source 'cli').
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import {
  createOperator,
  disableOperator,
  generatePassword,
  listOperators,
  OperatorError,
  resetOperatorTotp,
} from '../domain/console/operators-repo.ts';
import { otpauthUri } from '../domain/console/totp.ts';

export const USAGE = `usage: npm run operator -- [<dataDir>] <command> [options]

commands:
  create --username U --roles kyc,finance,support,manager,admin [--password-stdin]
         makes an operator; prints a generated password (or reads one from stdin with --password-stdin)
         and the TOTP secret (base32) with its otpauth:// URI for an authenticator app. Shown once.
  list   every operator: id, username, roles, active
  disable --username U
         the operator can no longer log in; open console sessions end
  reset-totp --username U
         a new TOTP secret (printed once); the old authenticator entry stops working

exit status: 0 done, 1 refused (the reason is printed), 2 bad usage`;

const ISSUER = 'PSX Console';
const COMMANDS = ['create', 'list', 'disable', 'reset-totp'] as const;
type Command = (typeof COMMANDS)[number];

class UsageError extends Error {}

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** the whole of standard input (for --password-stdin) */
  readStdin(): Promise<string>;
}

function need(v: string | undefined, name: string): string {
  if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v;
}

export async function runOperator(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let database: Database | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        username: { type: 'string' },
        roles: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length === 0 || positionals.length > 2) throw new UsageError('give one command');
    const config = loadConfig(env);
    const command = positionals[positionals.length - 1] ?? '';
    const dataDir = positionals.length === 2 ? path.resolve(positionals[0] ?? '.') : config.dataDir;
    if (!(COMMANDS as readonly string[]).includes(command))
      throw new UsageError(`unknown command "${command}"`);
    const file = path.join(dataDir, 'app.db');
    if (!config.databaseUrl && !fs.existsSync(file)) {
      io.err(`operator: no database at ${file} (the server creates it on its first start)`);
      return 1;
    }
    database = await openDatabase({
      dataDir,
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : {}),
    });
    const db = database.db;
    const now = Date.now();
    switch (command as Command) {
      case 'create': {
        const username = need(values.username, 'username');
        const roles = need(values.roles, 'roles');
        const generated = !values['password-stdin'];
        const password = generated ? generatePassword() : (await io.readStdin()).replace(/\r?\n$/, '');
        const r = await createOperator(db, CLI_ACTOR, { username, password, roles }, now);
        io.out(
          JSON.stringify({
            command,
            operator: r.operator,
            ...(generated ? { password } : {}),
            totpSecret: r.totpSecret,
            otpauth: otpauthUri(ISSUER, r.operator.username, r.totpSecret),
          }),
        );
        break;
      }
      case 'list':
        io.out(JSON.stringify({ command, operators: await listOperators(db) }));
        break;
      case 'disable': {
        const op = await disableOperator(db, CLI_ACTOR, need(values.username, 'username'), now);
        io.out(JSON.stringify({ command, operator: op }));
        break;
      }
      case 'reset-totp': {
        const r = await resetOperatorTotp(db, CLI_ACTOR, need(values.username, 'username'), now);
        io.out(
          JSON.stringify({
            command,
            operator: r.operator,
            totpSecret: r.totpSecret,
            otpauth: otpauthUri(ISSUER, r.operator.username, r.totpSecret),
          }),
        );
        break;
      }
    }
    return 0;
  } catch (e) {
    if (e instanceof OperatorError) {
      io.err(`operator: refused (${e.reason}): ${e.message}`);
      return 1;
    }
    const parseError =
      e instanceof TypeError && String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (e instanceof UsageError || parseError) {
      io.err(`operator: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  } finally {
    await database?.close();
  }
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runOperator(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readStdin: readAll,
  });
}
