// The ledger API later areas post through (server/domain/ledger/post.ts, ledger-service.ts): deposits from a
// clearing account, freezes (a withdrawal under review), unfreezes (rejected), settlements of frozen money to
// clearing and fee accounts (paid), transfers between accounts, in PKR and USDT, with repeated refs. Random
// sequences against a model: a refused move changes nothing; available and frozen equal the model; every journal
// balances; no user book is negative; cached balances equal the replayed postings (the self-check); the funds
// detail ends at the available balance. Then a burst: parallel freezes of one full balance, exactly one wins.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { inTx } from '../../server/db/tx.ts';
import { Ledger } from '../../server/domain/ledger/ledger-service.ts';
import { forgetLedgerAccounts, LedgerError } from '../../server/domain/ledger/ledger-repo.ts';
import type { Posted } from '../../server/domain/ledger/post.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { addUser, tradingDb, type TradingDb } from './trading/trading-db.ts';

const ASSETS = ['PKR', 'USDT'] as const;
const ACCOUNTS = 3;
const NOW = Date.UTC(2026, 10, 16, 6);

type Act =
  | { k: 'deposit'; a: number; asset: number; amount: bigint; ref: number }
  | { k: 'freeze'; a: number; asset: number; amount: bigint; ref: number }
  | { k: 'unfreeze'; a: number; asset: number; amount: bigint; ref: number }
  | { k: 'settle'; a: number; asset: number; paid: bigint; fee: bigint; ref: number }
  | { k: 'transfer'; a: number; b: number; asset: number; amount: bigint; ref: number };

const amount = fc.bigInt(0n, 5_000n);
const ref = fc.nat(6);
const who = fc.nat(ACCOUNTS - 1);
const asset = fc.nat(ASSETS.length - 1);
const act: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ k: fc.constant('deposit' as const), a: who, asset, amount, ref }),
  fc.record({ k: fc.constant('freeze' as const), a: who, asset, amount, ref }),
  fc.record({ k: fc.constant('unfreeze' as const), a: who, asset, amount, ref }),
  fc.record({ k: fc.constant('settle' as const), a: who, asset, paid: amount, fee: amount, ref }),
  fc.record({ k: fc.constant('transfer' as const), a: who, b: who, asset, amount, ref }),
);

interface Book {
  available: bigint;
  frozen: bigint;
}

const CASE_TABLES = [
  'trade_journals',
  'ledger_postings',
  'ledger_balances',
  'ledger_journals',
  'ledger_accounts',
  'accounts',
  'users',
] as const;

let shared: TradingDb;
let nextUser = 0;

/** Empties the case's tables; SQLite reuses deleted ids, so the ledger account ids the ledger remembered go too. */
async function empty(db: Db): Promise<void> {
  for (const table of CASE_TABLES) await db.deleteFrom(table).execute();
  forgetLedgerAccounts(db);
}
beforeAll(async () => {
  shared = await tradingDb();
});
afterAll(async () => shared.close());

async function run(acts: readonly Act[]): Promise<void> {
  const db = shared.db;
  await empty(db);
  const ledger = new Ledger(db);
  const accounts: number[] = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push((await addUser(db, nextUser++)).real);
  const model = new Map<string, Book>();
  const book = (a: number, s: string) => {
    const key = `${a}:${s}`;
    if (!model.has(key)) model.set(key, { available: 0n, frozen: 0n });
    return model.get(key)!;
  };
  /** kind:ref pairs posted (a repeat has no second effect) */
  const posted = new Set<string>();

  for (const x of acts) {
    const a = accounts[x.a]!;
    const s = ASSETS[x.asset]!;
    const m = book(a, s);
    const tags = { accountId: a, now: NOW, ref: `r${x.ref}` };
    let expectChange: (() => void) | null = null;
    let call: () => Promise<Posted>;
    let kind: string;
    if (x.k === 'deposit') {
      kind = 'deposit';
      call = () =>
        ledger.post({
          ...tags,
          kind: 'deposit',
          legs: [
            { system: 'clearing_bank', asset: s, amount: -x.amount },
            { accountId: a, book: 'cash', asset: s, amount: x.amount },
          ],
        });
      expectChange = () => (m.available += x.amount);
    } else if (x.k === 'freeze' || x.k === 'unfreeze') {
      kind = x.k === 'freeze' ? 'trade_freeze' : 'trade_release';
      const input = { ...tags, kind: kind as 'trade_freeze' | 'trade_release', asset: s, amount: x.amount };
      const freezing = x.k === 'freeze';
      call = () => (freezing ? ledger.freeze(input) : ledger.unfreeze(input));
      const from = freezing ? 'available' : 'frozen';
      if (m[from] >= x.amount)
        expectChange = () => {
          const d = freezing ? x.amount : -x.amount;
          m.available -= d;
          m.frozen += d;
        };
    } else if (x.k === 'settle') {
      kind = 'withdraw';
      call = () =>
        ledger.settleFrozen({
          ...tags,
          kind: 'withdraw',
          asset: s,
          to: [
            { system: 'clearing_bank', amount: x.paid },
            { system: 'fee_withdraw', amount: x.fee },
          ],
        });
      if (m.frozen >= x.paid + x.fee) expectChange = () => (m.frozen -= x.paid + x.fee);
    } else {
      kind = 'trade_buy';
      const b = accounts[x.b]!;
      const moved = x.amount;
      call = () =>
        ledger.post({
          ...tags,
          kind: 'trade_buy',
          legs: [
            { accountId: a, book: 'cash', asset: s, amount: -x.amount },
            { accountId: b, book: 'cash', asset: s, amount: x.amount },
          ],
        });
      // To itself the legs net to nothing: the record posts and no balance moves.
      if (b === a) expectChange = () => undefined;
      else if (m.available >= moved)
        expectChange = () => {
          m.available -= moved;
          book(b, s).available += moved;
        };
    }
    const key = `${kind}:${tags.ref}`;
    const zero = x.k === 'settle' ? x.paid + x.fee === 0n : x.amount === 0n;
    if (posted.has(key) || zero) expectChange = null;
    const before = await ledger.money(a, s);
    let result: Posted | undefined;
    try {
      result = await call();
    } catch (err) {
      expect(err, `${x.k} ${key}`).toBeInstanceOf(LedgerError);
      expect((err as LedgerError).reason).toBe('insufficient');
    }
    if (result?.created) posted.add(key);
    if (expectChange) {
      expect(result?.created, `${x.k} ${key} should post`).toBe(true);
      expectChange();
    } else {
      expect(result?.created ?? false, `${x.k} ${key} should change nothing`).toBe(false);
      expect(await ledger.money(a, s)).toEqual(before);
    }
  }

  for (const a of accounts) {
    for (const s of ASSETS) {
      const m = book(a, s);
      expect(await ledger.money(a, s), `${a} ${s}`).toEqual({ asset: s, ...m });
      expect(m.available >= 0n && m.frozen >= 0n).toBe(true);
    }
    const held = (await ledger.balances(a)).filter((b) => b.available !== 0n || b.frozen !== 0n);
    expect(held).toEqual(
      ASSETS.map((s) => ({ asset: s, ...book(a, s) })).filter((b) => b.available !== 0n || b.frozen !== 0n),
    );
    const detail = await ledger.records(a, { page: 1, size: 1 });
    expect(detail.list[0]?.balance ?? '0.00').toBe(formatPaisa(book(a, 'PKR').available));
  }
  const check = await ledgerSelfCheck(db);
  expect(check.differences).toEqual([]);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.negativeUserBalances).toEqual([]);
}

function formatPaisa(v: bigint): string {
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('the ledger API', () => {
  it('matches a model over random deposits, freezes, unfreezes, settlements and transfers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 3, maxLength: 30 }), (acts) => run(acts)),
      { numRuns: 300 },
    );
  }, 180_000);

  it('lets exactly one of many parallel freezes of the whole balance through', async () => {
    const db: Db = shared.db;
    await empty(db);
    const ledger = new Ledger(db);
    const a = (await addUser(db, nextUser++)).real;
    await ledger.post({
      kind: 'deposit',
      ref: 'burst',
      accountId: a,
      now: NOW,
      legs: [
        { system: 'clearing_bank', asset: 'PKR', amount: -10_000n },
        { accountId: a, book: 'cash', asset: 'PKR', amount: 10_000n },
      ],
    });
    const tries = Array.from({ length: 20 }, (_, i) =>
      inTx(db, (tx) =>
        ledger.in(tx).freeze({
          kind: 'trade_freeze',
          ref: `w${i}`,
          accountId: a,
          asset: 'PKR',
          amount: 10_000n,
          now: NOW,
        }),
      ).then(
        () => 'frozen',
        (err: unknown) => {
          if (err instanceof LedgerError && err.reason === 'insufficient') return 'refused';
          throw err;
        },
      ),
    );
    const outcomes = await Promise.all(tries);
    expect(outcomes.filter((o) => o === 'frozen')).toHaveLength(1);
    expect(await ledger.money(a, 'PKR')).toEqual({ asset: 'PKR', available: 0n, frozen: 10_000n });
    expect((await ledgerSelfCheck(db)).ok).toBe(true);
  });

  it('refuses a negative freeze and a settlement to nobody, writing nothing', async () => {
    const ledger = new Ledger(shared.db);
    const base = { kind: 'trade_freeze' as const, ref: 'neg', accountId: 1, asset: 'PKR', now: NOW };
    await expect(ledger.freeze({ ...base, amount: -1n })).rejects.toThrow(LedgerError);
    await expect(ledger.settleFrozen({ ...base, kind: 'withdraw', to: [] })).rejects.toThrow(LedgerError);
    expect(await ledger.freeze({ ...base, amount: 0n })).toEqual({ journalId: null, created: false });
  });
});
