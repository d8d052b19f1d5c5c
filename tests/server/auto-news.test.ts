// Automatic market news: after a PSX close the leader writes one "KSE-100 closed at …" article per PKT day
// (a second writer, a restart, a second node: no second article), labelled automatic in index/news, with the
// stocks closed at a price limit; a close older than the late limit is not written up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeArticle,
  LATE_LIMIT_MS,
  pktDate,
  writeCloseNewsIfDue,
} from '../../server/domain/content/auto-news.ts';
import { lastPsxClose } from '../../server/domain/trading/day-orders.ts';
import { translator } from '../../server/i18n/translator.ts';
import { get, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // PSX open around the clock: the app's own close timer stays off (auto-news plugin). Started within six hours
  // of a real close, it would write that close's article itself before the test does.
  t = await makeTestApp({ PSX_ALWAYS_OPEN: '1' });
});
afterAll(async () => t?.close());

describe('automatic close news', () => {
  it('writes the close article once, labelled automatic, in both languages', async () => {
    const close = lastPsxClose(Date.now())!;
    const now = close + 60_000;
    const made = await Promise.all([
      writeCloseNewsIfDue(t.db, t.app.market, translator, now),
      writeCloseNewsIfDue(t.db, t.app.market, translator, now + 1),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await writeCloseNewsIfDue(t.db, t.app.market, translator, now + 2)).toBe(false);
    const rows = await t.db.selectFrom('news_articles').selectAll().where('kind', '=', 'auto').execute();
    expect(rows.map((r) => r.auto_key)).toEqual([`psx-close:${pktDate(close)}`]);
    const en = await get(t.app, '/api/index/news', {}, { lang: 'en-US' });
    const item = en.body.data.list.find((x: { kind: string }) => x.kind === 'auto');
    expect(item.title).toMatch(/^KSE-100 closed at [0-9]+\.[0-9]{2}, [+-][0-9]+\.[0-9]{2} %$/);
    const ur = await get(t.app, '/api/index/news/info', { id: String(item.id) }, { lang: 'ur-PK' });
    expect(ur.body.data.body).toContain('خودکار');
  });

  it('does not write up a close older than the late limit', async () => {
    const close = lastPsxClose(Date.now() - 3 * 86_400_000)!;
    const before = await t.db.selectFrom('news_articles').select('id').execute();
    expect(await writeCloseNewsIfDue(t.db, t.app.market, translator, close + LATE_LIMIT_MS + 1)).toBe(false);
    expect(await t.db.selectFrom('news_articles').select('id').execute()).toHaveLength(before.length);
  });

  it('names the stocks at their limits and signs the change', () => {
    const a = closeArticle(
      {
        date: '2026-11-24',
        index: { p: '81234.50', pc: '80000.00', cp: '1.54' },
        upper: ['OGDC', 'PPL'],
        lower: ['HBL'],
      },
      translator,
    );
    expect(a.title[1]).toBe('KSE-100 closed at 81234.50, +1.54 %');
    expect(a.body[1]).toContain('2 stocks closed at their upper price limit: OGDC, PPL.');
    expect(a.body[1]).toContain('1 stocks closed at their lower price limit: HBL.');
    expect(a.body[0]).toContain('OGDC, PPL');
    const down = closeArticle(
      { date: '2026-11-24', index: { p: '1', pc: '2', cp: '-50.00' }, upper: [], lower: [] },
      translator,
    );
    expect(down.title[1]).toBe('KSE-100 closed at 1, -50.00 %');
  });
});
