// Every market REST call through the real app (inject): happy paths and bad input (-1001, localised).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candle, Quote } from '../../../workers/protocol/market.ts';
import { addCollect, listCollect } from '../../../server/domain/market/collect-repo.ts';
import type { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import { get, makeTestApp, post, registerUser, type TestApp } from '../helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({
    MARKET_TICK: '0',
    PSX_ALWAYS_OPEN: '1',
    MARKET_SEED: 'rest-test',
    MARKET_HISTORY_DAYS: '30',
    // Two days of minute bars: one (today only) left a 15m chart with fewer than the 20 bars asked for in the
    // first five hours after midnight in Pakistan (the test failed when run at 00:55 PKT).
    MARKET_MINUTE_DAYS: '2',
  });
  const sim = t.app.market as SimulatedMarket;
  for (let i = 0; i < 20; i++) sim.step();
});
afterAll(async () => t?.close());

const en = { lang: 'en-US' };

describe('stock lists', () => {
  it('GET stock/index/indices/list: the four indices with live tickers', async () => {
    const r = await get<Quote[]>(t.app, '/api/stock/index/indices/list');
    expect(r.body.code).toBe(0);
    expect(r.body.data.map((q) => q.symbol)).toEqual(['KSE100', 'KSE30', 'KMI30', 'ALLSHR']);
    expect(r.body.data[0]!.ticker.p).toMatch(/^\d+\.\d{2}$/);
    expect(r.body.data[0]!.nameUr).toMatch(/[\u0600-\u06FF]/);
  });

  it('GET stock/country/list: Pakistan', async () => {
    const r = await get(t.app, '/api/stock/country/list');
    expect(r.body.data).toEqual([expect.objectContaining({ code: 'PK', currency: 'PKR', areaCode: '+92' })]);
  });

  it('GET stock/list: paged, filtered by sector, sorted', async () => {
    const r = await get(t.app, '/api/stock/list');
    expect(r.body.code).toBe(0);
    expect(r.body.data.total).toBeGreaterThanOrEqual(100);
    expect(r.body.data.list).toHaveLength(20);
    const p2 = await get(t.app, '/api/stock/list', { page: '2', size: '50' });
    expect(p2.body.data.list).toHaveLength(50);
    expect(p2.body.data.page).toBe(2);
    const banks = await get(t.app, '/api/stock/list', {
      sector: 'banks',
      sort: 'change',
      order: 'desc',
      size: '200',
    });
    const rows = banks.body.data.list as Quote[];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((q) => q.sector === 'banks')).toBe(true);
    const changes = rows.map((q) => Number(q.ticker.cp));
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    const idx = await get(t.app, '/api/stock/list', { market: 'index' });
    expect(idx.body.data.total).toBe(4);
  });

  it('GET stock/list: refuses bad sort, size and market', async () => {
    for (const q of [
      { sort: 'nope' },
      { size: '0' },
      { size: '201' },
      { market: 'crypto' },
      { page: '-1' },
    ]) {
      const r = await get(t.app, '/api/stock/list', q, en);
      expect(r.body.code).toBe(-1001);
      expect(r.body.msg).not.toBe('');
    }
  });

  it('GET stock/list/hot: gainers, losers, most active', async () => {
    const g = await get<Quote[]>(t.app, '/api/stock/list/hot', { type: 'gainers', limit: '5' });
    expect(g.body.data).toHaveLength(5);
    const gc = g.body.data.map((q) => Number(q.ticker.cp));
    expect([...gc].sort((a, b) => b - a)).toEqual(gc);
    const l = await get<Quote[]>(t.app, '/api/stock/list/hot', { type: 'losers' });
    expect(l.body.data).toHaveLength(10);
    expect(Number(l.body.data[0]!.ticker.cp)).toBeLessThanOrEqual(Number(g.body.data[0]!.ticker.cp));
    const a = await get<Quote[]>(t.app, '/api/stock/list/hot', { type: 'active' });
    const turnover = a.body.data.map((q) => Number(q.ticker.q));
    expect([...turnover].sort((x, y) => y - x)).toEqual(turnover);
    expect(a.body.data.every((q) => q.market === 'psx')).toBe(true);
    expect((await get(t.app, '/api/stock/list/hot', { type: 'best' })).body.code).toBe(-1001);
    expect((await get(t.app, '/api/stock/list/hot')).body.code).toBe(-1001);
  });

  it('GET stock/search: by symbol, English name and Urdu name', async () => {
    const bySym = await get<Quote[]>(t.app, '/api/stock/search', { q: 'ogdc' });
    expect(bySym.body.data[0]!.symbol).toBe('OGDC');
    const byEn = await get<Quote[]>(t.app, '/api/stock/search', { q: 'lucky cement' });
    expect(byEn.body.data.map((q) => q.symbol)).toContain('LUCK');
    const byUr = await get<Quote[]>(t.app, '/api/stock/search', { q: 'میزان' });
    expect(byUr.body.data.map((q) => q.symbol)).toEqual(['MEBL']);
    const idx = await get<Quote[]>(t.app, '/api/stock/search', { q: 'KSE' });
    expect(idx.body.data.map((q) => q.symbol)).toEqual(expect.arrayContaining(['KSE100', 'KSE30']));
    expect((await get(t.app, '/api/stock/search', { q: 'zzzzqq' })).body.data).toEqual([]);
    expect((await get(t.app, '/api/stock/search', { q: '' })).body.code).toBe(-1001);
    expect((await get(t.app, '/api/stock/search', { q: 'x'.repeat(41) })).body.code).toBe(-1001);
  });

  it('GET stock/info: band, 52-week range, constituents; unknown or crypto symbols are refused', async () => {
    const r = await get(t.app, '/api/stock/info', { symbol: 'ogdc' });
    expect(r.body.code).toBe(0);
    const d = r.body.data;
    expect(d.symbol).toBe('OGDC');
    expect(Number(d.limitUp)).toBeGreaterThan(Number(d.ticker.pc));
    expect(Number(d.limitDown)).toBeLessThan(Number(d.ticker.pc));
    expect(Number(d.high52w)).toBeGreaterThanOrEqual(Number(d.low52w));
    const idx = await get(t.app, '/api/stock/info', { symbol: 'KSE100' });
    expect(idx.body.data.constituents).toHaveLength(100);

    const unknown = await get(t.app, '/api/stock/info', { symbol: 'NOPE' }, en);
    expect(unknown.body).toEqual({ code: -1001, msg: 'Unknown symbol: NOPE', data: null });
    const urdu = await get(t.app, '/api/stock/info', { symbol: 'NOPE' });
    expect(urdu.body.msg).toBe('نامعلوم علامت: NOPE');
    const coin = await get(t.app, '/api/stock/info', { symbol: 'BTCUSDT' }, en);
    expect(coin.body.msg).toBe('BTCUSDT is not a PSX stock or index');
    expect((await get(t.app, '/api/stock/info', { symbol: 'OG DC' })).body.code).toBe(-1001);
    expect((await get(t.app, '/api/stock/info')).body.code).toBe(-1001);
  });
});

describe('stock candles, trades, books', () => {
  it('POST stock/index/candles: newest N bars oldest → newest, or a from/to range', async () => {
    const r = await post<Candle[]>(t.app, '/api/stock/index/candles', {
      symbol: 'OGDC',
      interval: '1d',
      limit: '10',
    });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toHaveLength(10);
    const ts = r.body.data.map((c) => c.t);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
    const from = ts[2]!;
    const to = ts[5]!;
    const range = await post<Candle[]>(t.app, '/api/stock/index/candles', {
      symbol: 'OGDC',
      interval: '1d',
      from: String(from),
      to: String(to),
    });
    expect(range.body.data.map((c) => c.t)).toEqual(ts.slice(2, 6));
    for (const iv of ['1m', '5m', '15m', '30m', '1h', '4h', '1w']) {
      const c = await post<Candle[]>(t.app, '/api/stock/index/candles', { symbol: 'KSE100', interval: iv });
      expect(c.body.code).toBe(0);
      expect(c.body.data.length).toBeGreaterThan(0);
    }
  });

  it('POST stock/index/candles: refuses bad interval, range, limit and symbol', async () => {
    const bad = async (fields: Record<string, string>) =>
      (await post(t.app, '/api/stock/index/candles', fields, en)).body;
    expect((await bad({ symbol: 'OGDC', interval: '2m' })).code).toBe(-1001);
    expect((await bad({ symbol: 'OGDC' })).code).toBe(-1001);
    expect(await bad({ symbol: 'OGDC', interval: '1d', from: '2000', to: '1000' })).toEqual({
      code: -1001,
      msg: "Invalid time range: 'from' must not be after 'to'",
      data: null,
    });
    expect((await bad({ symbol: 'OGDC', interval: '1d', limit: '1001' })).code).toBe(-1001);
    expect((await bad({ symbol: 'OGDC', interval: '1d', limit: '0' })).code).toBe(-1001);
    expect((await bad({ symbol: 'OGDC', interval: '1d', from: '-5' })).code).toBe(-1001);
    expect((await bad({ symbol: 'OGDC', interval: '1d', from: '1e5' })).code).toBe(-1001);
    expect((await bad({ symbol: 'XXXX', interval: '1d' })).msg).toBe('Unknown symbol: XXXX');
  });

  it('POST stock/index/trades and books', async () => {
    const tr = await post(t.app, '/api/stock/index/trades', { symbol: 'HBL', limit: '5' });
    expect(tr.body.code).toBe(0);
    expect(tr.body.data.length).toBeGreaterThan(0);
    expect(tr.body.data.length).toBeLessThanOrEqual(5);
    expect(tr.body.data[0]).toEqual({
      i: expect.any(Number),
      p: expect.any(String),
      q: expect.any(String),
      d: expect.stringMatching(/^[bs]$/),
      t: expect.any(Number),
    });
    const book = await post(t.app, '/api/stock/index/books', { symbol: 'HBL', depth: '10' });
    expect(book.body.data.b).toHaveLength(10);
    expect(book.body.data.a).toHaveLength(10);
    expect(Number(book.body.data.b[0][0])).toBeLessThan(Number(book.body.data.a[0][0]));
    const idxBook = await post(t.app, '/api/stock/index/books', { symbol: 'KSE100' });
    expect(idxBook.body.data).toMatchObject({ s: 'KSE100', b: [], a: [] });
    expect((await post(t.app, '/api/stock/index/books', { symbol: 'HBL', depth: '51' })).body.code).toBe(
      -1001,
    );
    expect((await post(t.app, '/api/stock/index/trades', { symbol: 'ETHUSDT' })).body.code).toBe(-1001);
    expect((await post(t.app, '/api/stock/index/trades', {})).body.code).toBe(-1001);
  });
});

describe('coin calls', () => {
  it('POST coin/tickers, coin/ticker, coin/candles, coin/trades, coin/books', async () => {
    const all = await post(t.app, '/api/coin/tickers');
    expect(all.body.data.length).toBeGreaterThanOrEqual(30);
    const one = await post(t.app, '/api/coin/ticker', { symbol: 'btcusdt' });
    expect(one.body.data).toMatchObject({ s: 'BTCUSDT', st: 'open' });
    const c = await post<Candle[]>(t.app, '/api/coin/candles', {
      symbol: 'ETHUSDT',
      interval: '15m',
      limit: '20',
    });
    expect(c.body.data).toHaveLength(20);
    expect(c.body.data[1]!.t - c.body.data[0]!.t).toBe(900_000);
    const tr = await post(t.app, '/api/coin/trades', { symbol: 'BTCUSDT' });
    expect(tr.body.data.length).toBeGreaterThan(0);
    const b = await post(t.app, '/api/coin/books', { symbol: 'BTCUSDT' });
    expect(b.body.data.b).toHaveLength(20);
  });

  it('refuses stock symbols and bad input on coin calls', async () => {
    const r = await post(t.app, '/api/coin/ticker', { symbol: 'OGDC' }, en);
    expect(r.body).toEqual({ code: -1001, msg: 'OGDC is not a crypto pair', data: null });
    expect((await post(t.app, '/api/coin/candles', { symbol: 'BTCUSDT', interval: '1y' })).body.code).toBe(
      -1001,
    );
    expect((await post(t.app, '/api/coin/books', { symbol: 'NOPEUSDT' })).body.code).toBe(-1001);
    expect((await post(t.app, '/api/coin/trades', { symbol: 'BTCUSDT', limit: '201' })).body.code).toBe(
      -1001,
    );
  });
});

describe('watchlists', () => {
  it('need a login', async () => {
    for (const url of ['/api/stock/collect/add', '/api/stock/collect/list', '/api/coin/collect/add']) {
      expect((await post(t.app, url, { symbol: 'OGDC' })).body.code).toBe(-1000);
    }
  });

  it('lists favourites in the order they were added, even within one millisecond', async () => {
    const carol = await registerUser(t.app);
    for (const sym of ['PSO', 'HBL', 'ENGRO']) await addCollect(t.db, carol.user.id, 'stock', sym, 1_000);
    expect(await listCollect(t.db, carol.user.id, 'stock')).toEqual(['PSO', 'HBL', 'ENGRO']);
  });

  it('add, list and delete stock and coin favourites per user', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const opts = { token: alice.token };
    const added = await post(t.app, '/api/stock/collect/add', { symbol: 'ogdc' }, opts);
    expect(added.body.data.symbols).toEqual(['OGDC']);
    expect(added.body.data.quotes[0].ticker.s).toBe('OGDC');
    await post(t.app, '/api/stock/collect/add', { symbol: 'KSE100' }, opts);
    await post(t.app, '/api/stock/collect/add', { symbol: 'OGDC' }, opts); // idempotent
    expect((await post(t.app, '/api/stock/collect/list', {}, opts)).body.data.symbols).toEqual([
      'OGDC',
      'KSE100',
    ]);
    expect(
      (await post(t.app, '/api/stock/collect/list', {}, { token: bob.token })).body.data.symbols,
    ).toEqual([]);
    expect((await post(t.app, '/api/stock/collect/add', { symbol: 'BTCUSDT' }, opts)).body.code).toBe(-1001);
    expect((await post(t.app, '/api/stock/collect/add', { symbol: 'NOPE' }, opts)).body.code).toBe(-1001);
    const del = await post(t.app, '/api/stock/collect/del', { symbol: 'OGDC' }, opts);
    expect(del.body.data.symbols).toEqual(['KSE100']);

    await post(t.app, '/api/coin/collect/add', { symbol: 'BTCUSDT' }, opts);
    expect((await post(t.app, '/api/coin/collect/add', { symbol: 'OGDC' }, opts)).body.code).toBe(-1001);
    const infos = await post(t.app, '/api/coin/infos', {}, opts);
    const btc = infos.body.data.find((i: { symbol: string }) => i.symbol === 'BTCUSDT');
    expect(btc.collected).toBe(true);
    expect(infos.body.data.filter((i: { collected: boolean }) => i.collected)).toHaveLength(1);
    const anon = await post(t.app, '/api/coin/infos');
    expect(anon.body.data.every((i: { collected: boolean }) => !i.collected)).toBe(true);
    expect((await post(t.app, '/api/coin/collect/list', {}, opts)).body.data.symbols).toEqual(['BTCUSDT']);
    expect(
      (await post(t.app, '/api/coin/collect/del', { symbol: 'BTCUSDT' }, opts)).body.data.symbols,
    ).toEqual([]);
  });
});
