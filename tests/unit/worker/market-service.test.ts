// The worker's streams end to end on fake timers: socket snap/delta, gaps, coalescing, visible filtering,
// sorting, the polling fallback and its hand-back to the socket, and the hidden-page pause and resync.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delta, snap, ticker } from './fakes.ts';
import { createHarness, psxBoard } from './service-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('market service: socket path', () => {
  it('subscribes every market on open and applies snap then deltas (visible symbols only)', async () => {
    const h = createHarness();
    h.socket().open();
    expect(h.socket().takeOps('sub')).toEqual(['tickers:psx', 'tickers:index', 'tickers:crypto']);
    h.service.subscribe(['ticker:AAA']);
    h.socket().push(snap('tickers:psx', 10, [ticker('AAA', '100.00', 1000), ticker('BBB', '50.00', 1000)]));
    await h.advance(20);
    expect(h.rows().map((r) => [r.symbol, r.text.p])).toEqual([['AAA', '100.00']]);
    h.socket().push(
      delta('tickers:psx', 11, [
        ticker('AAA', '1234.50', 1100, { c: '1134.50', cp: '1134.50', v: '1234567' }),
      ]),
    );
    h.socket().push(delta('tickers:psx', 12, [ticker('BBB', '51.00', 1100)]));
    await h.advance(20);
    const last = h.rows().at(-1)!;
    expect(last.symbol).toBe('AAA');
    expect(last.dir).toBe(1);
    // Display strings are formatted in the worker, exactly.
    expect(last.text).toMatchObject({ p: '1,234.50', c: '+1,134.50', cp: '+1,134.50%', v: '1.23M' });
    expect(h.rows()).toHaveLength(2);
    expect(h.service.status().state).toBe('live');
  });

  it('coalesces a burst to one row per symbol per flush, the newest winning', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.subscribe(['ticker:AAA', 'ticker:BBB']);
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000), ticker('BBB', '50.00', 1000)]));
    await h.advance(20);
    const before = h.rows().length;
    for (let k = 1; k <= 10; k++) {
      h.socket().push(delta('tickers:psx', 1 + k, [ticker('AAA', `${100 + k}.00`, 1000 + k)]));
    }
    h.socket().push(delta('tickers:psx', 12, [ticker('BBB', '49.00', 1020)]));
    await h.advance(17);
    const fresh = h.rows().slice(before);
    expect(fresh.map((r) => [r.symbol, r.text.p])).toEqual([
      ['AAA', '110.00'],
      ['BBB', '49.00'],
    ]);
  });

  it('on a seq gap resubscribes the channel and ignores deltas until the fresh snap', async () => {
    const h = createHarness();
    h.socket().open();
    h.socket().takeOps('sub');
    h.service.subscribe(['ticker:AAA']);
    h.socket().push(snap('tickers:psx', 5, [ticker('AAA', '100.00', 1000)]));
    h.socket().push(delta('tickers:psx', 7, [ticker('AAA', '101.00', 1001)])); // 6 is missing
    // The server sends nothing new for a held channel: the worker leaves it, then asks again.
    expect(h.socket().sent.map((m) => [m.op, 'ch' in m ? m.ch : null])).toEqual([
      ['unsub', ['tickers:psx']],
      ['sub', ['tickers:psx']],
    ]);
    expect(h.socket().takeOps('sub')).toEqual(['tickers:psx']);
    h.socket().push(delta('tickers:psx', 8, [ticker('AAA', '102.00', 1002)])); // still unsynced: dropped
    await h.advance(20);
    expect(h.rows().map((r) => r.text.p)).toEqual(['100.00']);
    h.socket().push(snap('tickers:psx', 20, [ticker('AAA', '103.00', 1003)]));
    h.socket().push(delta('tickers:psx', 21, [ticker('AAA', '104.00', 1004)]));
    await h.advance(20);
    expect(h.rows().map((r) => r.text.p)).toEqual(['100.00', '104.00']);
  });

  it('merges book deltas and resubscribes the book on a gap', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.subscribe(['book:AAA']);
    expect(h.socket().takeOps('sub')).toContain('book:AAA');
    const book = {
      s: 'AAA',
      b: [
        ['99.00', '10'],
        ['98.00', '5'],
      ],
      a: [['101.00', '7']],
      t: 1000,
    };
    h.socket().push(snap('book:AAA', 3, book));
    h.socket().push(
      delta('book:AAA', 4, {
        b: [
          ['99.50', '2'],
          ['98.00', '0'],
        ],
        a: [],
        t: 1001,
      }),
    );
    await h.advance(110);
    const views = h.batches.flatMap((b) => b.books ?? []);
    expect(views).toHaveLength(1); // snap and delta coalesced into one post
    expect(views[0]!.bids).toEqual([
      ['99.50', '2'],
      ['99.00', '10'],
    ]);
    expect([...views[0]!.bidTotals]).toEqual([2, 12]);
    h.socket().push(delta('book:AAA', 9, { b: [], a: [['100.00', '1']], t: 1002 }));
    expect(h.socket().takeOps('sub')).toEqual(['book:AAA']);
  });

  it('posts only visible symbols, and a newly visible symbol at once with its current state', async () => {
    const h = createHarness();
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000), ticker('BBB', '50.00', 1000)]));
    await h.advance(20);
    expect(h.rows()).toHaveLength(0);
    h.service.subscribe(['ticker:BBB']);
    await h.advance(20);
    expect(h.rows().map((r) => r.symbol)).toEqual(['BBB']);
    h.service.unsubscribe(['ticker:BBB']);
    h.socket().push(delta('tickers:psx', 2, [ticker('BBB', '51.00', 1001)]));
    await h.advance(20);
    expect(h.rows()).toHaveLength(1);
  });

  it('sends a sorted order when asked, again only when it changes, at most every sortMs', async () => {
    const h = createHarness();
    h.socket().open();
    const list = [
      ticker('AAA', '100.00', 1, { cp: '1.00', v: '10' }),
      ticker('BBB', '50.00', 1, { cp: '-2.00', v: '30' }),
      ticker('CCC', '9.00', 1, { cp: '3.00', v: '20' }),
    ];
    h.socket().push(snap('tickers:psx', 1, list));
    h.service.subscribe(['sort:psx:change:desc', 'sort:psx:volume:asc', 'sort:psx:name:desc']);
    await h.advance(500);
    const sorted = () => h.batches.flatMap((b) => b.sorted ?? []);
    expect(Object.fromEntries(sorted().map((s) => [s.key, s.symbols]))).toEqual({
      'psx:change:desc': ['CCC', 'AAA', 'BBB'],
      'psx:volume:asc': ['AAA', 'CCC', 'BBB'],
      'psx:name:desc': ['CCC', 'BBB', 'AAA'],
    });
    h.batches.splice(0);
    h.socket().push(delta('tickers:psx', 2, [ticker('BBB', '60.00', 2, { cp: '9.00', v: '30' })]));
    h.socket().push(delta('tickers:psx', 3, [ticker('AAA', '100.00', 2, { cp: '1.00', v: '11' })]));
    await h.advance(500);
    expect(sorted()).toEqual([{ key: 'psx:change:desc', symbols: ['BBB', 'CCC', 'AAA'] }]);
  });
});

describe('market service: polling fallback', () => {
  it('polls within 2 s when the socket never connects, and reports polling', async () => {
    const board = psxBoard();
    const h = createHarness(board);
    h.service.subscribe(['ticker:AAA']);
    await h.advance(1900);
    expect(h.rest.calls).toContain('stock/list');
    expect(h.service.status().state).toBe('polling');
    expect(h.rows().map((r) => [r.symbol, r.text.p])).toEqual([['AAA', '100.00']]);
    h.rest.down = true;
    await h.advance(1000);
    expect(h.service.status().state).toBe('offline');
    expect(h.batches.flatMap((b) => (b.status ? [b.status.state] : []))).toEqual([
      'offline',
      'polling',
      'offline',
    ]);
  });

  it('drop → polling within 2 s → socket back: polling stops, no duplicate or older tick reaches the app', async () => {
    const board = psxBoard();
    const h = createHarness(board);
    h.socket().open();
    h.service.subscribe(['ticker:AAA']);
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000)]));
    await h.advance(20);
    h.socket().drop();
    board.set('AAA', ticker('AAA', '101.00', 2000));
    const dropAt = Date.now();
    while (!h.rest.calls.length) await h.advance(50);
    expect(Date.now() - dropAt).toBeLessThanOrEqual(2000);
    await h.advance(50);
    expect(h.service.status().state).toBe('polling');
    board.set('AAA', ticker('AAA', '102.00', 3000));
    await h.advance(1000);
    // Socket back: its snap is older than what polling delivered (t 2500 < 3000) and must be dropped.
    h.socket().open();
    const callsAtOpen = h.rest.calls.length;
    h.socket().push(snap('tickers:psx', 50, [ticker('AAA', '101.50', 2500)]));
    h.socket().push(delta('tickers:psx', 51, [ticker('AAA', '102.00', 3000)])); // duplicate of the polled one
    h.socket().push(delta('tickers:psx', 52, [ticker('AAA', '103.00', 4000)]));
    await h.advance(3000);
    expect(h.rest.calls.length).toBe(callsAtOpen);
    expect(h.service.status().state).toBe('live');
    const seen = h.rows().map((r) => [r.text.p, r.ts]);
    expect(seen).toEqual([
      ['100.00', 1000],
      ['101.00', 2000],
      ['102.00', 3000],
      ['103.00', 4000],
    ]);
  });

  it('discards a poll round still in flight when the socket returns (no rollback of the book)', async () => {
    const polledBook = { s: 'AAA', b: [['90.00', '1']], a: [['91.00', '1']], t: 9000 };
    const h = createHarness(psxBoard(), {}, { 'stock/index/books': () => polledBook });
    h.service.subscribe(['book:AAA']);
    let release!: () => void;
    h.rest.hold = new Promise((r) => (release = r));
    await h.advance(1100);
    expect(h.rest.calls).toContain('stock/index/books');
    h.socket().open();
    h.socket().takeOps('sub');
    h.socket().push(snap('book:AAA', 3, { s: 'AAA', b: [['99.00', '5']], a: [['101.00', '5']], t: 2000 }));
    h.socket().push(delta('book:AAA', 4, { b: [['99.00', '6']], a: [], t: 2001 }));
    h.rest.hold = null;
    release();
    await h.advance(150);
    h.socket().push(delta('book:AAA', 5, { b: [['99.00', '7']], a: [], t: 2002 }));
    await h.advance(150);
    expect(h.socket().takeOps('sub')).toEqual([]); // no gap: the stale round never touched the book
    const last = h.batches.flatMap((b) => b.books ?? []).at(-1)!;
    expect(last.bids).toEqual([['99.00', '7']]);
  });
});

describe('market service: flapping socket', () => {
  it('keeps polling while a server accepts connections and drops them before sending anything', async () => {
    const h = createHarness();
    h.service.subscribe(['ticker:AAA']);
    for (let k = 0; k < 10; k++) {
      h.socket().open();
      await h.advance(150);
      h.socket().drop();
      await h.advance(150);
    }
    expect(h.rest.calls.filter((c) => c === 'stock/list').length).toBeGreaterThanOrEqual(2);
    expect(h.service.status().state).toBe('polling');
  });
});

describe('market service: liveness', () => {
  it('pings while up and redials a link that went silent', async () => {
    const h = createHarness();
    h.socket().open();
    h.socket().pongs = false; // a silent drop: open, and mute
    h.socket().push(snap('tickers:psx', 1, []));
    h.socket().takeOps('sub');
    await h.advance(5000);
    expect(h.socket().sent.some((m) => m.op === 'ping')).toBe(true);
    expect(h.socket().reconnects).toBe(0);
    await h.advance(11_000);
    expect(h.socket().reconnects).toBe(1);
    expect(h.service.status().state).not.toBe('live');
  });

  it('reads a silent link as down within 3 s and polls until it is heard again, without redialling it', async () => {
    const h = createHarness();
    h.socket().open();
    h.socket().pongs = false;
    h.socket().push(snap('tickers:psx', 1, []));
    await h.advance(20);
    expect(h.service.status().state).toBe('live');
    await h.advance(3000);
    expect(h.service.status().state).not.toBe('live');
    while (!h.rest.calls.length) await h.advance(50);
    await h.advance(50);
    expect(h.service.status().state).toBe('polling');
    // The link speaks again (a pong, a delta): live, polling stops, the socket was never closed.
    h.socket().pongs = true;
    await h.advance(1500);
    expect(h.service.status().state).toBe('live');
    const calls = h.rest.calls.length;
    await h.advance(3000);
    expect(h.rest.calls.length).toBe(calls);
    expect(h.socket().reconnects).toBe(0);
  });

  it('keeps a quiet but answering link live: probes are answered, nothing polls', async () => {
    const h = createHarness();
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, []));
    await h.advance(10_000);
    expect(h.service.status().state).toBe('live');
    expect(h.rest.calls).toEqual([]);
    expect(h.socket().reconnects).toBe(0);
  });
});

describe('market service: page visibility', () => {
  it('pauses flushes while hidden, releases channels, and resyncs from fresh snaps before flushing', async () => {
    const h = createHarness();
    h.socket().open();
    h.service.subscribe(['ticker:AAA', 'book:AAA']);
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '100.00', 1000)]));
    await h.advance(20);
    h.socket().takeOps('sub');
    h.service.setHidden(true);
    expect(h.socket().takeOps('unsub')).toEqual([
      'tickers:psx',
      'tickers:index',
      'tickers:crypto',
      'book:AAA',
    ]);
    const posted = h.batches.length;
    h.socket().push(delta('tickers:psx', 2, [ticker('AAA', '101.00', 1001)])); // in flight; unsynced now
    await h.advance(5000);
    expect(h.batches.length).toBe(posted);
    expect(h.rest.calls).toEqual([]); // no polling while hidden either
    h.service.setHidden(false);
    expect(h.socket().takeOps('sub')).toEqual(['tickers:psx', 'tickers:index', 'tickers:crypto', 'book:AAA']);
    await h.advance(200);
    expect(h.batches.length).toBe(posted); // waiting for the snaps
    const book = { s: 'AAA', b: [['99.00', '1']], a: [['101.00', '1']], t: 1500 };
    h.socket().push(snap('tickers:psx', 9, [ticker('AAA', '105.00', 1500)]));
    h.socket().push(snap('tickers:index', 1, []));
    h.socket().push(snap('tickers:crypto', 1, []));
    h.socket().push(snap('book:AAA', 4, book));
    await h.advance(120);
    expect(h.rows().map((r) => r.text.p)).toEqual(['100.00', '105.00']);
    expect(h.batches.some((b) => b.books?.length)).toBe(true);
  });
});
