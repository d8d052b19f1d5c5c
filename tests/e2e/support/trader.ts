// The user setup the trading journeys share: a signed-in phone page for a registered user (its errors
// collected) and a demo account granted USDT straight into the ledger (a test_grant, as the server tests do).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AccountType, LoginResult } from '../../../workers/protocol/api.ts';
import type { Database } from '../../../server/db/database.ts';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { registerUser, setTradePassword, signInContext } from './account.ts';
import { phoneContext } from './browser.ts';
import { collectPageErrors } from './page-checks.ts';
import type { RunningServer } from './server.ts';

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
}

/** A 360×800 page signed in as `login` on `accountType`, in `lang`; its errors (HTTP ≥ 500) go to `errors`. */
export async function signedInPage(
  browser: Browser,
  login: LoginResult,
  opts: { lang: string; accountType: AccountType; errors: string[]; reducedMotion?: 'reduce' },
): Promise<SignedInPage> {
  const context = await phoneContext(
    browser,
    opts.lang,
    opts.reducedMotion ? { reducedMotion: opts.reducedMotion } : {},
  );
  await signInContext(context, login, { accountType: opts.accountType, lang: opts.lang });
  const page = await context.newPage();
  collectPageErrors(page, opts.errors, 500);
  return { context, page };
}

/** Grants `usdt` whole USDT to the demo account of `login` (ref `e2e-<refTag>-<account id>`). */
export async function grantDemoUsdt(
  database: Database,
  login: LoginResult,
  usdt: bigint,
  refTag: string,
): Promise<void> {
  const acc = await database.db
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.id')
    .where('u.phone', '=', login.user.phone)
    .where('a.type', '=', 'demo')
    .executeTakeFirstOrThrow();
  const amount = usdt * 1_000000n;
  await postRecord(database.db, {
    kind: 'test_grant',
    ref: `e2e-${refTag}-${acc.id}`,
    accountId: acc.id,
    now: Date.now(),
    legs: [
      { system: 'test_funding', asset: 'USDT', amount: -amount },
      { accountId: acc.id, book: 'cash', asset: 'USDT', amount },
    ],
  });
}

/**
 * A new user on the demo account holding 10,000 USDT, signed in on a phone page in `lang`; with `tradePassword`
 * that transaction password is set first (without, the first confirmed order leads to setting one).
 */
export async function demoUsdtTrader(
  o: {
    server: RunningServer;
    browser: Browser;
    database: Database;
    errors: string[];
    refTag: string;
    tradePassword?: string;
  },
  lang: string,
): Promise<SignedInPage> {
  const login = await registerUser(o.server);
  await grantDemoUsdt(o.database, login, 10_000n, o.refTag);
  if (o.tradePassword) await setTradePassword(o.server, login.tokenDemo, o.tradePassword);
  return signedInPage(o.browser, login, { lang, accountType: 'demo', errors: o.errors });
}
