// Server configuration read from environment variables, with the defaults of the README; pure and testable.
// Read once at start (main.ts, the tests' makeTestApp) and passed to buildApp, which decorates `app.config`:
// nothing else under server/ reads the environment (tests/server/config-once.test.ts checks it).
import os from 'node:os';
import path from 'node:path';
import { parseMinor } from '../contract/money.ts';
import { hashCostFor } from './domain/auth/password-hash.ts';
import { marketConfig, type MarketConfig } from './domain/market/market-config.ts';
import type { BackoffRule } from './domain/rate-limit/attempt-rules.ts';
import { feeConfig, type FeeConfig } from './domain/trading/fees.ts';

export interface RateLimitRule {
  /** How many events are allowed inside one window. */
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… : the system of record on PostgreSQL instead of SQLite in DATA_DIR; empty: SQLite. */
  databaseUrl: string;
  /** PostgreSQL connections of this process (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** redis://… : fan-out, shared rate limits and lock-outs between nodes; empty: one node, in process. */
  redisUrl: string;
  /** This process's name among the nodes (NODE_ID; default host:pid), in logs and the leader lease. */
  nodeId: string;
  /** Virtual funds credited to every new demo account, in paisa. */
  demoFundsPaisa: bigint;
  tokenTtlDays: number;
  /** How often expired and revoked sessions are deleted (also once at start), in minutes. */
  sessionPurgeMin: number;
  serveStatic: boolean;
  staticDir: string;
  /** Largest accepted request body in bytes; form bodies of this app are tiny. */
  bodyLimit: number;
  trustProxy: boolean;
  /** Address of the customer-service chat script (login-info `serviceSaleSmartly`); empty when none. */
  serviceChatScriptUrl: string;
  /**
   * Origins the app may connect to besides its own (CSP connect-src), e.g. an API or socket host of its own on
   * another name; none by default.
   */
  connectOrigins: string[];
  captchaTtlSec: number;
  smsCodeTtlSec: number;
  // ---- alerts (h-alerts): Web Push of price alerts (server/domain/alerts/, README "Price alerts")
  push: {
    /** VAPID key pair (URL-safe base64); both empty: generated once and kept in DATA_DIR/vapid.json. */
    vapidPublicKey: string;
    vapidPrivateKey: string;
    /** VAPID subject: a mailto: or https: contact the push services may use (PUSH_SUBJECT). */
    subject: string;
    /** Accept http:// push endpoints (PUSH_ALLOW_HTTP=1: tests' local stand-in push service only). */
    allowHttp: boolean;
  };
  /** WebSockets (market and account together): open sockets per client address and per node. */
  sockets: { perIp: number; total: number };
  /** Key of the SMS-code HMACs (SMS_CODE_SECRET); empty: a random key kept in DATA_DIR/sms-code.key. */
  smsCodeSecret: string;
  limits: {
    /** Any /api call from one IP: a flood guard, generous on purpose. */
    apiPerIp: RateLimitRule;
    codeSendPerPhone: RateLimitRule;
    codeSendPerIp: RateLimitRule;
    captchaPerIp: RateLimitRule;
    registerPerIp: RateLimitRule;
    /** KYC submissions (POST user/auth reaching the photos) per user. */
    kycSubmitPerUser: RateLimitRule;
  };
  /** Lock-outs of guessed secrets: free attempts, then doubling waits (domain/rate-limit/attempt-rules.ts). */
  lockouts: {
    /** The login password, per phone (also user/update/password: the same secret). */
    loginPerPhone: BackoffRule;
    /** Login failures per address, over all phones (one address guessing many phones). */
    loginPerIp: BackoffRule;
    /** The 6-digit transaction password, per user (kept in the database). */
    tradePassword: BackoffRule;
    /** The offline deposit channel password, per user (kept in the database). */
    channelPassword: BackoffRule;
    /** The 6-digit withdrawal password, per user (kept in the database). */
    withdrawPassword: BackoffRule;
    /** The operator console's login (password + TOTP), per username and per address (in the database). */
    consolePerUser: BackoffRule;
    consolePerIp: BackoffRule;
  };
  /** Password checks from one address, and for one phone, in flight at once (before the hash queue). */
  loginInFlight: { perIp: number; perPhone: number };
  /** The market simulator (MARKET_*, PSX_ALWAYS_OPEN: domain/market/market-config.ts). */
  market: MarketConfig;
  /** Trading fees and taxes in parts per million (TRADE_*_PPM: domain/trading/fees.ts). */
  fees: FeeConfig;
  /** Crypto deposits: the key deposit addresses are derived from, and the simulated chain's block interval. */
  deposits: DepositsConfig;
  // ---- funds (issue 18, item 4)
  /** FUND_DEALING_MS: AI funds deal every this many ms of clock time instead of at each PSX close (demos and
   *  browser tests, which cannot wait for a close); 0 (default) = at each PSX close. */
  fundDealingMs: number;
  // ---- options (issue 17 §6)
  /** OPTION_DAY_MS: one day of an option's term lasts this many ms of clock time (demos and browser tests,
   *  which cannot wait a day); 0 (default) = an N-day option expires at the PSX close N days on. */
  optionDayMs: number;
  /**
   * SIM_CONTROLS=1: the simulator's test and demo controls are on (the console's market scenario, the
   * back-office `market-crash`; domain/market/market-scenarios.ts). Off by default: never on a real deployment.
   */
  simControls: boolean;
  /** log2 of scrypt's N for new password hashes: 17, cheaper only in the test suite (password-hash.ts). */
  passwordHashLog2n: number;
}

export interface DepositsConfig {
  /** DEPOSIT_ADDRESS_SECRET (≥ 32 characters); empty: a random key kept in DATA_DIR/deposit-address.key. */
  addressSecret: string;
  /** SIM_CHAIN_BLOCK_MS: one block per chain every this many ms; 0 = blocks only when driven (tests, CLI). */
  simBlockMs: number;
  /** SIM_CHAIN_WATCH_MS: how often the watcher credits confirmed transfers; 0 = only when driven. */
  watchMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

const MINUTE = 60_000;

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be a boolean (1/0, true/false), got "${raw}"`);
}

function secretVar(env: Env, name: string): string {
  const raw = env[name] ?? '';
  if (raw !== '' && raw.length < 32) throw new Error(`${name} must be at least 32 characters when set`);
  return raw;
}

/** A connection URL with one of `schemes`, or empty. */
function urlVar(env: Env, name: string, schemes: readonly string[]): string {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL like ${schemes[0]}//host:port/…`);
  }
  if (!schemes.includes(url.protocol)) throw new Error(`${name} must start with ${schemes.join(' or ')}//`);
  return raw;
}

/** A space-separated list of origins (scheme://host[:port], no path); empty when unset. */
function originsVar(env: Env, name: string): string[] {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return [];
  return raw.split(/\s+/).map((item) => {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`${name} must list origins like wss://api.example.pk, got "${item}"`);
    }
    if (
      !['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ||
      url.origin === 'null' ||
      url.pathname !== '/'
    )
      throw new Error(`${name} must list origins like wss://api.example.pk, got "${item}"`);
    return url.origin;
  });
}

/** Reads the configuration from `env` (usually `process.env`); throws a readable error on a bad value. */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const demoFunds = env['DEMO_FUNDS_PKR'] ?? '1000000.00';
  const demoFundsPaisa = parseMinor(demoFunds, 2);
  if (demoFundsPaisa === null || demoFundsPaisa < 0n) {
    throw new Error(
      `DEMO_FUNDS_PKR must be a plain decimal amount with at most 2 decimals, got "${demoFunds}"`,
    );
  }
  const rule = (name: string, max: number, windowMs: number): RateLimitRule => ({
    max: intVar(env, name, max, 1, 1_000_000),
    windowMs,
  });
  const backoff = (name: string, free: number, base: number, max: number, forget: number): BackoffRule => ({
    free: intVar(env, name, free, 1, 1000),
    baseDelayMs: base,
    maxDelayMs: max,
    forgetAfterMs: forget,
  });
  return {
    port: intVar(env, 'PORT', 8080, 0, 65535),
    host: env['HOST'] || '127.0.0.1',
    dataDir: path.resolve(cwd, env['DATA_DIR'] || './data'),
    databaseUrl: urlVar(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dbPoolSize: intVar(env, 'DB_POOL_SIZE', 10, 1, 500),
    redisUrl: urlVar(env, 'REDIS_URL', ['redis:', 'rediss:']),
    nodeId: env['NODE_ID']?.trim() || `${os.hostname()}:${process.pid}`,
    demoFundsPaisa,
    tokenTtlDays: intVar(env, 'TOKEN_TTL_DAYS', 30, 1, 3650),
    sessionPurgeMin: intVar(env, 'SESSION_PURGE_MIN', 60, 1, 24 * 60),
    serveStatic: boolVar(env, 'SERVE_STATIC', true),
    staticDir: path.resolve(cwd, env['STATIC_DIR'] || './dist'),
    bodyLimit: intVar(env, 'BODY_LIMIT', 16 * 1024, 1024, 10 * 1024 * 1024),
    trustProxy: boolVar(env, 'TRUST_PROXY', false),
    serviceChatScriptUrl: env['SERVICE_CHAT_SCRIPT_URL'] ?? '',
    connectOrigins: originsVar(env, 'CSP_CONNECT_ORIGINS'),
    captchaTtlSec: intVar(env, 'CAPTCHA_TTL_SEC', 180, 30, 600),
    smsCodeTtlSec: intVar(env, 'SMS_CODE_TTL_SEC', 300, 60, 3600),
    // ---- alerts (h-alerts)
    push: {
      vapidPublicKey: env['VAPID_PUBLIC_KEY']?.trim() ?? '',
      vapidPrivateKey: env['VAPID_PRIVATE_KEY']?.trim() ?? '',
      subject: env['PUSH_SUBJECT']?.trim() || 'mailto:support@example.com',
      allowHttp: boolVar(env, 'PUSH_ALLOW_HTTP', false),
    },
    sockets: {
      // Generous per address: mobile carriers put many customers behind one address (CGNAT).
      perIp: intVar(env, 'WS_PER_IP', 50, 1, 100_000),
      total: intVar(env, 'WS_MAX_SOCKETS', 20_000, 1, 1_000_000),
    },
    smsCodeSecret: secretVar(env, 'SMS_CODE_SECRET'),
    limits: {
      apiPerIp: rule('RATE_API_PER_IP_PER_MIN', 600, MINUTE),
      codeSendPerPhone: rule('RATE_CODE_PER_PHONE_PER_MIN', 1, MINUTE),
      codeSendPerIp: rule('RATE_CODE_PER_IP_PER_HOUR', 10, 60 * MINUTE),
      captchaPerIp: rule('RATE_CAPTCHA_PER_IP_PER_MIN', 60, MINUTE),
      registerPerIp: rule('RATE_REGISTER_PER_IP_PER_HOUR', 30, 60 * MINUTE),
      kycSubmitPerUser: rule('RATE_KYC_PER_USER_PER_HOUR', 5, 60 * MINUTE),
    },
    lockouts: {
      // The free counts keep their old variable names, so existing deployments keep their settings.
      loginPerPhone: backoff('RATE_LOGIN_FAIL_PER_PHONE', 5, 30_000, 15 * MINUTE, 60 * MINUTE),
      loginPerIp: backoff('RATE_LOGIN_FAIL_PER_IP_PER_MIN', 20, 5_000, 15 * MINUTE, 15 * MINUTE),
      tradePassword: backoff('TRADE_PASSWORD_FREE_TRIES', 5, MINUTE, 60 * MINUTE, 24 * 60 * MINUTE),
      channelPassword: backoff('CHANNEL_PASSWORD_FREE_TRIES', 5, MINUTE, 60 * MINUTE, 24 * 60 * MINUTE),
      withdrawPassword: backoff('WITHDRAW_PASSWORD_FREE_TRIES', 5, MINUTE, 60 * MINUTE, 24 * 60 * MINUTE),
      consolePerUser: backoff('CONSOLE_LOGIN_FREE_PER_USER', 5, MINUTE, 60 * MINUTE, 24 * 60 * MINUTE),
      consolePerIp: backoff('CONSOLE_LOGIN_FREE_PER_IP', 20, 10_000, 60 * MINUTE, 24 * 60 * MINUTE),
    },
    loginInFlight: {
      perIp: intVar(env, 'LOGIN_IN_FLIGHT_PER_IP', 2, 1, 1000),
      perPhone: intVar(env, 'LOGIN_IN_FLIGHT_PER_PHONE', 1, 1, 100),
    },
    market: marketConfig(env),
    fees: feeConfig(env),
    deposits: {
      addressSecret: secretVar(env, 'DEPOSIT_ADDRESS_SECRET'),
      simBlockMs: intVar(env, 'SIM_CHAIN_BLOCK_MS', 3000, 0, 3_600_000),
      watchMs: intVar(env, 'SIM_CHAIN_WATCH_MS', 2000, 0, 3_600_000),
    },
    // ---- funds
    fundDealingMs: intVar(env, 'FUND_DEALING_MS', 0, 0, 86_400_000),
    // ---- options
    optionDayMs: intVar(env, 'OPTION_DAY_MS', 0, 0, 86_400_000),
    simControls: boolVar(env, 'SIM_CONTROLS', false),
    passwordHashLog2n: hashCostFor(env),
  };
}
