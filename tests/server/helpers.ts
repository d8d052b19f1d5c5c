// Helpers for API tests against the real app (app.inject) on this run's database (tests/support/test-db.ts).
//
//   const t = await makeTestApp();                  // fresh DATA_DIR (and database), static serving off
//   const alice = await registerUser(t.app);        // captcha and SMS code read from the DB; tokens + phone/password
//   const res = await get(t.app, '/api/user/info', {}, { token: alice.tokenDemo });
//   expect(res.body.data.accountType).toBe('demo');
//   await t.close();                                // closes the app and deletes the temp dir
//
// Requests are form-encoded like the real client. `ip` sets inject's remoteAddress (rate limits per IP);
// `lang` sets Accept-Language (omit it for the ur-PK default). Every answer `post` and `get` receive is checked
// against the contract (./answer-schemas.ts): a success against its route's response schema, an error against
// the error envelope; a mismatch throws, failing the test.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { DevOutboxGateway } from '../../server/domain/sms/sms-gateway.ts';
import type { Db } from '../../server/db/database.ts';
import type { Schema } from '../../server/db/schema.ts';
import type { ApiEnvelope, CaptchaResult, Lang, LoginResult } from '../../workers/protocol/api.ts';
import { freshDbPlace } from '../support/test-db.ts';
import { checkAnswer, collectResponseSchemas } from './answer-schemas.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The app's database (SQLite or PostgreSQL), through Kysely. */
  db: Db;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh temp DATA_DIR; `env` overrides config variables (e.g. rate limits).
 * `setup` runs before the app is ready, e.g. to register a probe route.
 */
export async function makeTestApp(
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const place = await freshDbPlace();
  const dataDir = env['DATA_DIR'] ?? place.dataDir;
  // No market timer and a short history keep test apps fast (`env` sets others to test the market itself): one
  // day of minute bars instead of three halves what an app costs to start (0.8 → 0.3 s on SQLite, 3.5 → 1 s on
  // PostgreSQL), and the suite starts about a hundred.
  const config = loadConfig({
    SERVE_STATIC: '0',
    MARKET_TICK: '0',
    MARKET_HISTORY_DAYS: '5',
    MARKET_MINUTE_DAYS: '1',
    // The suite's cheap password hashes (vitest.config.ts; server/domain/auth/password-hash.ts).
    NODE_ENV: process.env['NODE_ENV'] ?? '',
    SCRYPT_LOG2N_FOR_TESTS: process.env['SCRYPT_LOG2N_FOR_TESTS'] ?? '',
    ...place.env,
    ...env,
    DATA_DIR: dataDir,
  });
  const schemas = collectResponseSchemas();
  const app = await buildApp({ config, onRoute: schemas.onRoute });
  schemas.attach(app);
  await setup?.(app);
  await app.ready();
  return {
    app,
    db: app.db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await place.remove();
    },
  };
}

export interface CallOptions {
  token?: string;
  lang?: Lang | string;
  ip?: string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary answer shapes
export interface CallResult<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: ApiEnvelope<T>;
  raw: string;
}

function headersFor(opts: CallOptions): Record<string, string> {
  return {
    ...(opts.token !== undefined ? { accesstoken: opts.token } : {}),
    ...(opts.lang !== undefined ? { 'accept-language': opts.lang } : {}),
    ...opts.headers,
  };
}

/** Form-encodes fields; an array value repeats the key (to test duplicate keys). */
export function form(fields: Record<string, string | readonly string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of typeof value === 'string' ? [value] : value) params.append(key, v);
  }
  return params.toString();
}

function parse(app: FastifyInstance, method: string, url: string, raw: string): ApiEnvelope<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error(`answer is not JSON: ${raw.slice(0, 200)}`);
  }
  checkAnswer(app, method, url, body);
  return body as ApiEnvelope<unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see CallResult
export async function post<T = any>(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | readonly string[]> = {},
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headersFor(opts) },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: parse(app, 'POST', url, res.body) as ApiEnvelope<T>,
    raw: res.body,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see CallResult
export async function get<T = any>(
  app: FastifyInstance,
  url: string,
  query: Record<string, string | readonly string[]> = {},
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const qs = form(query);
  const res = await app.inject({
    method: 'GET',
    url: qs ? `${url}?${qs}` : url,
    headers: headersFor(opts),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: parse(app, 'GET', url, res.body) as ApiEnvelope<T>,
    raw: res.body,
  };
}

/** The plain answer of a captcha, read from the database (what a human would read from the image). */
export async function captchaAnswer(db: Db, captchaId: string): Promise<string> {
  const row = await db.selectFrom('captchas').select('answer').where('id', '=', captchaId).executeTakeFirst();
  if (!row) throw new Error(`no captcha ${captchaId}`);
  return row.answer;
}

/** Fetches a captcha and returns its id with the answer. */
export async function solveCaptcha(
  app: FastifyInstance,
  ip?: string,
): Promise<{ captchaId: string; captcha: string }> {
  const res = await get<CaptchaResult>(app, '/api/common/captcha', {}, ip ? { ip } : {});
  if (res.body.code !== 0) throw new Error(`captcha failed: ${res.body.msg}`);
  return {
    captchaId: res.body.data.captchaId,
    captcha: await captchaAnswer(app.db, res.body.data.captchaId),
  };
}

let phoneCounter = 0;
/** A fresh valid Pakistani mobile number in the 3XXXXXXXXX form (unique within a test process). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `3${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(6, '0')}`;
}

/**
 * The newest message the dev outbox holds for `phone` (any accepted form), or undefined. Texts are sent
 * without the answer waiting for them, so this first waits until the app's outbox has stored what it was given.
 */
export async function latestSms(app: FastifyInstance, phone: string): Promise<string | undefined> {
  if (app.sms instanceof DevOutboxGateway) await app.sms.drained();
  const row = await app.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', `+92${phone.slice(-10)}`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.text;
}

let codeIpCounter = 0;
/**
 * Asks common/code/send for a code and reads it from the dev outbox (what the phone's owner would read).
 * Without `ip`, each call comes from its own address, so tests that are not about the per-IP limit never hit it.
 */
export async function sendSmsCode(
  app: FastifyInstance,
  phone: string,
  type: 'register' | 'reset' | 'login' | 'withdraw' = 'register',
  ip?: string,
): Promise<string> {
  codeIpCounter += 1;
  const from = ip ?? `10.254.${(codeIpCounter >> 8) & 255}.${codeIpCounter & 255}`;
  const res = await post(app, '/api/common/code/send', { areaCode: '+92', phone, type }, { ip: from });
  if (res.body.code !== 0) throw new Error(`code/send failed: ${res.body.msg}`);
  const code = /\b\d{6}\b/.exec((await latestSms(app, phone)) ?? '')?.[0];
  if (!code) throw new Error(`no ${type} code texted to ${phone}`);
  return code;
}

export interface RegisteredUser extends LoginResult {
  phone: string;
  password: string;
}

/** Registers (and thereby logs in) a user, with a fresh SMS code; throws unless the server says code 0. */
export async function registerUser(
  app: FastifyInstance,
  opts: { phone?: string; password?: string; inviteCode?: string; ip?: string } = {},
): Promise<RegisteredUser> {
  const phone = opts.phone ?? uniquePhone();
  const password = opts.password ?? 'Str0ng-pass';
  const code = await sendSmsCode(app, phone, 'register', opts.ip);
  const captcha = await solveCaptcha(app, opts.ip);
  const res = await post<LoginResult>(
    app,
    '/api/user/register',
    {
      areaCode: '+92',
      phone,
      password,
      password2: password,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
      ...captcha,
      code,
      agree: '1',
    },
    opts.ip ? { ip: opts.ip } : {},
  );
  if (res.body.code !== 0) throw new Error(`register failed: ${res.body.msg}`);
  return { ...res.body.data, phone, password };
}

/** Logs a user in; returns the whole answer so tests can check refusals too. */
export function login(app: FastifyInstance, phone: string, password: string, opts: CallOptions = {}) {
  return post<LoginResult>(app, '/api/user/login', { areaCode: '+92', phone, password }, opts);
}

const COUNTED_TABLES: ReadonlyArray<keyof Schema> = [
  'users',
  'accounts',
  'sessions',
  'tokens',
  'ledger_journals',
  'ledger_postings',
  'sms_codes',
  'sms_outbox',
  // money movement (issue 15)
  'kyc_submissions',
  'payout_bindings',
  'crypto_addresses',
  'platform_settings',
  'operator_audit',
];

/** Row counts of the tables a refused call must not touch (compare before and after). */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
