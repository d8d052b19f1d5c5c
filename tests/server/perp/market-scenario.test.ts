// The console's market scenario (POST /admin/api/market/scenario, issue 16 item 7): refused without
// SIM_CONTROLS=1, for every role but admin and for bad input (localised, nothing written or audited); accepted
// with the flag (audited, claimed and started by the leader once), after which the pair moves by about pct over
// seconds × MARKET_TPS feed steps; a request too old to mean "now" expires unstarted; and a 10× long is
// liquidated at the first mark past its liquidation price under a scenario started through the console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../../contract/money.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import {
  SCENARIO_MAX_AGE_MS,
  startPendingScenarios,
  type ScenarioTarget,
} from '../../../server/domain/market/market-scenarios.ts';
import type { MarkTick } from '../../../server/domain/perp/mark-book.ts';
import { runBackoffice } from '../../../server/tools/backoffice.ts';
import { asOperator, cookieOf, makeOperator } from '../console-helpers.ts';
import { post } from '../helpers.ts';
import { makeTradeApp, type TradeTestApp } from '../trade/trade-helpers.ts';
import { bookOf, cid, perpUser, SYMBOL, TRADE_PASSWORD } from './perp-helpers.ts';

const URL = '/admin/api/market/scenario';

async function counts(t: TradeTestApp) {
  const n = async (table: 'market_scenarios' | 'operator_audit') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { scenarios: await n('market_scenarios'), audit: await n('operator_audit') };
}

const statusOf = async (t: TradeTestApp, id: number) =>
  (await t.db.selectFrom('market_scenarios').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

const lastOf = (t: TradeTestApp, symbol: string) => Number(t.sim.ticker(symbol)?.p);

describe('without SIM_CONTROLS', () => {
  let t: TradeTestApp;
  beforeAll(async () => {
    t = await makeTradeApp('scenario-off');
  }, 180_000);
  afterAll(async () => t?.close());

  it('refuses even an admin, in the caller’s language, writing nothing', async () => {
    const admin = await cookieOf(t, await makeOperator(t, 'admin'));
    const before = await counts(t);
    const body = { symbol: 'BTCUSDT', pct: '-20', seconds: '2' };
    const en = await post(t.app, URL, body, asOperator(admin));
    expect(en.body).toMatchObject({ code: -1001, msg: expect.stringContaining('SIM_CONTROLS=1') });
    const ur = await post(t.app, URL, body, { ...asOperator(admin), lang: 'ur-PK' });
    expect(ur.body.code).toBe(-1001);
    expect(ur.body.msg).toContain('سیمولیٹر');
    expect(await counts(t)).toEqual(before);
  });
});

describe('with SIM_CONTROLS=1', () => {
  let t: TradeTestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeTradeApp('scenario-on', { SIM_CONTROLS: '1' });
    // one operator holding every role but admin: refused, so no other role is enough (operators are costly
    // to make: a real password hash each)
    for (const roles of ['admin', 'finance,support,kyc,manager'])
      cookies[roles] = await cookieOf(t, await makeOperator(t, roles));
  }, 180_000);
  afterAll(async () => t?.close());
  const as = (role: string, lang = 'en-US') => ({ ...asOperator(cookies[role] ?? ''), lang });

  it('refuses every other role and a caller without a session, writing nothing', async () => {
    const before = await counts(t);
    const body = { symbol: 'BTCUSDT', pct: '-20', seconds: '2' };
    const others = 'finance,support,kyc,manager';
    const r = await post(t.app, URL, body, as(others));
    expect(r.body).toMatchObject({ code: -1001, msg: 'Your role does not allow this.' });
    const ur = await post(t.app, URL, body, as(others, 'ur-PK'));
    expect(ur.body.code).toBe(-1001);
    expect(ur.body.msg).not.toBe('Your role does not allow this.');
    const none = await post(t.app, URL, body, { headers: { 'x-console': '1' }, lang: 'en-US' });
    expect(none.body.code).toBe(-1000);
    expect(await counts(t)).toEqual(before);
  });

  it('refuses bad input with a localised -1001 naming the field, writing nothing', async () => {
    const before = await counts(t);
    const good = { symbol: 'BTCUSDT', pct: '-20', seconds: '2' };
    const bad: [Record<string, string>, string][] = [
      [{ ...good, symbol: 'NOPEUSDT' }, 'symbol'],
      [{ ...good, symbol: 'OGDC' }, 'symbol'], // a PSX stock, not a crypto pair
      [{ ...good, symbol: 'btcusdt' }, 'symbol'],
      [{ ...good, pct: '0' }, 'pct'],
      [{ ...good, pct: '-0.00' }, 'pct'],
      [{ ...good, pct: '-90.01' }, 'pct'],
      [{ ...good, pct: '95' }, 'pct'],
      [{ ...good, pct: '-20.125' }, 'pct'],
      [{ ...good, pct: '1e1' }, 'pct'],
      [{ ...good, pct: '+20' }, 'pct'],
      [{ ...good, seconds: '0' }, 'seconds'],
      [{ ...good, seconds: '3601' }, 'seconds'],
      [{ ...good, seconds: '1.5' }, 'seconds'],
      [{ symbol: 'BTCUSDT', pct: '-20' }, 'seconds'],
    ];
    for (const [body, field] of bad) {
      for (const lang of ['en-US', 'ur-PK']) {
        const r = await post(t.app, URL, body, as('admin', lang));
        expect(r.body.code, JSON.stringify(body)).toBe(-1001);
        expect((r.body as { field?: string }).field, JSON.stringify(body)).toBe(field);
        expect(r.body.msg).not.toMatch(/^console\.|^validation\./);
        if (lang === 'ur-PK') expect(r.body.msg).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(await counts(t)).toEqual(before);
  });

  it('accepts an admin’s request: audited, started once by the leader, the pair falls by about pct', async () => {
    const symbol = 'ETHUSDT';
    const before = await counts(t);
    const r = await post(t.app, URL, { symbol, pct: '-20', seconds: '2' }, as('admin'));
    expect(r.body).toMatchObject({ code: 0, data: { symbol, pct: '-20.00', seconds: 2 } });
    const id: number = r.body.data.id;
    expect(await counts(t)).toEqual({ scenarios: before.scenarios + 1, audit: before.audit + 1 });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'market.scenario',
      source: 'console',
      subject_type: 'symbol',
      subject_id: symbol,
    });
    expect(JSON.parse(audit.after_json)).toEqual({ scenarioId: id, pct: -20, seconds: 2 });
    // the bus nudge reaches the leader (here in process): it claims the row, then starts the crash
    await expect.poll(() => t.sim.crashing(symbol), { timeout: 5_000 }).toBe(true);
    expect(await statusOf(t, id)).toBe('started');

    // 2 s at MARKET_TPS 4 = 8 feed steps, spread evenly in log space: half-way ≈ √0.8, at the end ≈ 0.8
    const p0 = lastOf(t, symbol);
    for (let i = 0; i < 4; i++) t.sim.step();
    expect(lastOf(t, symbol) / p0).toBeGreaterThan(Math.sqrt(0.8) - 0.03);
    expect(lastOf(t, symbol) / p0).toBeLessThan(Math.sqrt(0.8) + 0.03);
    for (let i = 0; i < 4; i++) t.sim.step();
    const ratio = lastOf(t, symbol) / p0;
    expect(ratio).toBeGreaterThan(0.77);
    expect(ratio).toBeLessThan(0.83);
    await t.engine.idle();
    await t.app.perp.engine.idle();
  });

  it('starts a pending row once even when two passes race; an old row expires unstarted', async () => {
    const now = Date.now();
    const [fresh, old] = await Promise.all(
      [now, now - SCENARIO_MAX_AGE_MS - 1].map(async (created) =>
        t.db
          .insertInto('market_scenarios')
          .values({ symbol: 'SOLUSDT', pct_bp: 500, seconds: 1, created_by: null, created_at: created })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    const calls: string[] = [];
    const sim: ScenarioTarget = { crash: (s, pct, sec) => void calls.push(`${s} ${pct} ${sec}`) };
    const [a, b] = await Promise.all([
      startPendingScenarios(t.db, sim, now),
      startPendingScenarios(t.db, sim, now),
    ]);
    expect([...a, ...b]).toEqual([fresh!.id]);
    expect(calls).toEqual(['SOLUSDT 5 1']);
    expect(await statusOf(t, old!.id)).toBe('expired');
  });

  it('backoffice market-crash: refused without the flag or with bad input; else written, audited, started', async () => {
    const cli = async (args: string[], flag: boolean) => {
      const lines: string[] = [];
      const env = {
        ...process.env,
        DATABASE_URL: t.config.databaseUrl,
        SIM_CONTROLS: flag ? '1' : '0',
      };
      const io = { out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(l) };
      const status = await runBackoffice([t.dataDir, 'market-crash', ...args], env, io);
      return { status, text: lines.join('\n') };
    };
    const before = await counts(t);
    const good = ['--symbol', 'BNBUSDT', '--pct', '12.5', '--seconds', '3'];
    expect(await cli(good, false)).toMatchObject({
      status: 1,
      text: expect.stringContaining('SIM_CONTROLS'),
    });
    expect((await cli(['--symbol', 'OGDC', '--pct', '5', '--seconds', '3'], true)).status).toBe(1);
    expect((await cli(['--symbol', 'BNBUSDT', '--pct', '-91', '--seconds', '3'], true)).status).toBe(2);
    expect((await cli(['--symbol', 'BNBUSDT', '--pct', '5', '--seconds', '0'], true)).status).toBe(2);
    expect(await counts(t)).toEqual(before);
    const ok = await cli(good, true);
    expect(ok.status).toBe(0);
    const out = JSON.parse(ok.text) as { id: number; pct: string };
    expect(out.pct).toBe('12.50');
    expect(await counts(t)).toEqual({ scenarios: before.scenarios + 1, audit: before.audit + 1 });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'market.scenario', source: 'cli', subject_id: 'BNBUSDT' });
    // no bus reaches the server from the command: the leader's periodic look finds the row
    await expect.poll(() => statusOf(t, out.id), { timeout: 10_000 }).toBe('started');
  });

  it('a 10× long is liquidated at the first mark past its liquidation price under a console scenario', async () => {
    const u = await perpUser(t);
    const r = await post(
      t.app,
      '/api/coin/contract/order/add',
      { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD },
      { token: u.token, lang: 'en-US' },
    );
    expect(r.body.code).toBe(0);
    const id: number = r.body.data.position.id;
    const lp = parseMinor(r.body.data.position.liqPrice, 2)!;
    const marks: bigint[] = [];
    const { engine, deps } = t.app.perp;
    const stop = deps.marks.listen((ticks: MarkTick[]) => {
      for (const m of ticks) if (m.symbol === SYMBOL) marks.push(m.mark);
    });
    const s = await post(t.app, URL, { symbol: SYMBOL, pct: '-20', seconds: '2' }, as('admin'));
    expect(s.body.code).toBe(0);
    await expect.poll(() => t.sim.crashing(SYMBOL), { timeout: 5_000 }).toBe(true);
    let at = -1;
    for (let i = 0; i < 40 && at < 0; i++) {
      t.sim.step();
      await engine.idle();
      const row = await t.db
        .selectFrom('perp_positions')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status !== 'open') at = marks.length - 1;
    }
    stop();
    expect(at).toBeGreaterThanOrEqual(0);
    expect(marks[at]!).toBeLessThanOrEqual(lp);
    expect(marks.slice(0, at).every((m) => m > lp)).toBe(true);
    const exec = await t.db
      .selectFrom('perp_orders')
      .select(['price'])
      .where('position_id', '=', id)
      .where('action', '=', 'liquidation')
      .executeTakeFirstOrThrow();
    expect(exec.price).toBeLessThanOrEqual(lp);
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(0n);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
