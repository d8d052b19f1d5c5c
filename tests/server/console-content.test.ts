// The console's content pages' API (issue 19): operator auth (no cookie → -1000, a kyc or finance operator
// refused, support and admin allowed, POST without x-console refused), images re-encoded and served publicly,
// articles, notices and banners written, published and unpublished with one audit row per change, and every
// refusal (bad target route, missing image, bad window) changing nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { multipartBody } from './kyc-helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const role of ['kyc', 'finance', 'support', 'admin'])
    cookies[role] = await cookieOf(t, await makeOperator(t, role));
});
afterAll(async () => t?.close());

const as = (role: string) => asOperator(cookies[role] ?? '');
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('operator_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countOf = async (table: 'news_articles' | 'platform_notices' | 'home_banners') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function upload(role: string, bytes: Buffer) {
  const { payload, contentType } = multipartBody({}, [{ name: 'image', bytes, type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/content/images',
    payload,
    headers: {
      'content-type': contentType,
      cookie: cookies[role] ?? '',
      'x-console': '1',
      'accept-language': 'en-US',
    },
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: { key: string; url: string } };
}
const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('console content: access', () => {
  it('needs an operator session, the x-console header and the support or admin role', async () => {
    const none = await get(t.app, '/admin/api/content/news', {}, { lang: 'en-US' });
    expect(none.body.code).toBe(-1000);
    for (const role of ['kyc', 'finance']) {
      const r = await get(t.app, '/admin/api/content/notices', {}, as(role));
      expect(r.body.code).toBe(-1001);
    }
    for (const role of ['support', 'admin']) {
      const r = await get(t.app, '/admin/api/content/banners', {}, as(role));
      expect(r.body.code).toBe(0);
    }
    const before = await countOf('platform_notices');
    const noHeader = await post(
      t.app,
      '/admin/api/content/notices',
      { titleUr: 'ا', titleEn: 'a', bodyUr: 'ب', bodyEn: 'b' },
      { headers: { cookie: cookies['admin'] ?? '' }, lang: 'en-US' },
    );
    expect(noHeader.body.code).toBe(-1001);
    expect(await countOf('platform_notices')).toBe(before);
  });
});

describe('console content: images, articles, notices, banners', () => {
  it('re-encodes an uploaded image to JPEG and serves it publicly; refuses a non-image', async () => {
    const audits = await auditCount();
    const up = await upload('support', await png());
    expect(up.code).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: up.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(64);
    expect(await auditCount()).toBe(audits + 1);
    const bad = await upload('support', Buffer.from('not an image at all'));
    expect(bad.code).toBe(-1001);
    expect(bad.msg).toBe('The image must be a JPEG, PNG or WebP photo.');
    const refused = await upload('kyc', await png());
    expect(refused.code).toBe(-1001);
    expect(await auditCount()).toBe(audits + 1);
  });

  it('writes an article as a draft, publishes and unpublishes it, each audited', async () => {
    const img = await upload('support', await png());
    const audits = await auditCount();
    const w = await post(
      t.app,
      '/admin/api/content/news',
      {
        titleUr: 'نئی خبر',
        titleEn: 'Fresh news',
        bodyUr: 'تفصیل',
        bodyEn: 'Details',
        imageKey: img.data.key,
      },
      as('support'),
    );
    expect(w.body.code).toBe(0);
    const id = w.body.data.id as number;
    expect(w.body.data.publishedAt).toBeNull();
    const hidden = await get(t.app, '/api/index/news/info', { id: String(id) });
    expect(hidden.body.code).toBe(-1001);
    const pub = await post(t.app, `/admin/api/content/news/${id}/publish`, { published: '1' }, as('support'));
    expect(pub.body.data.publishedAt).toBeGreaterThan(0);
    const shown = await get(t.app, '/api/index/news/info', { id: String(id) }, { lang: 'en-US' });
    expect(shown.body.data.title).toBe('Fresh news');
    expect(shown.body.data.image).toBe(img.data.url);
    const edit = await post(
      t.app,
      '/admin/api/content/news',
      {
        id: String(id),
        titleUr: 'نئی خبر',
        titleEn: 'Edited',
        bodyUr: 'تفصیل',
        bodyEn: 'Details',
        removeImage: '1',
      },
      as('admin'),
    );
    expect(edit.body.data.image).toBeNull();
    await post(t.app, `/admin/api/content/news/${id}/publish`, { published: '0' }, as('support'));
    expect((await get(t.app, '/api/index/news/info', { id: String(id) })).body.code).toBe(-1001);
    const rows = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'subject_type'])
      .where('subject_type', '=', 'news')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['news.create', 'news.publish', 'news.edit', 'news.unpublish']);
    expect(await auditCount()).toBe(audits + 4);
  });

  it('refuses an article with a missing image, an unknown id or empty fields, changing nothing', async () => {
    const [n, audits] = [await countOf('news_articles'), await auditCount()];
    const cases = [
      { titleUr: 'ا', titleEn: 'a', bodyUr: 'ب', bodyEn: 'b', imageKey: `${'ef'.repeat(16)}.jpg` },
      { titleUr: 'ا', titleEn: 'a', bodyUr: 'ب', bodyEn: 'b', id: '999999' },
      { titleUr: '', titleEn: 'a', bodyUr: 'ب', bodyEn: 'b' },
      { titleUr: 'ا', titleEn: 'a', bodyUr: 'ب', bodyEn: 'b', imageKey: '../x.jpg' },
    ];
    for (const body of cases) {
      const r = await post(t.app, '/admin/api/content/news', body, as('support'));
      expect(r.body.code).toBe(-1001);
    }
    const pub = await post(
      t.app,
      '/admin/api/content/news/999999/publish',
      { published: '1' },
      as('support'),
    );
    expect(pub.body.code).toBe(-1001);
    expect(await countOf('news_articles')).toBe(n);
    expect(await auditCount()).toBe(audits);
  });

  it('publishes a system notice that index/notice names as the pop-up', async () => {
    const w = await post(
      t.app,
      '/admin/api/content/notices',
      { titleUr: 'اعلان', titleEn: 'Notice', bodyUr: 'متن', bodyEn: 'Text', system: '1' },
      as('support'),
    );
    const id = w.body.data.id as number;
    await post(t.app, `/admin/api/content/notices/${id}/publish`, { published: '1' }, as('support'));
    const r = await get(t.app, '/api/index/notice', {}, { lang: 'ur-PK' });
    expect(r.body.data.systemNotice.id).toBe(id);
    expect(r.body.data.systemNotice.title).toBe('اعلان');
  });

  it('writes a banner with a route of the app; refuses other targets, bad windows and missing images', async () => {
    const img = await upload('admin', await png());
    const ok = await post(
      t.app,
      '/admin/api/content/banners',
      {
        imageKey: img.data.key,
        altUr: 'بینر',
        altEn: 'Banner',
        target: '/pages/stock/stockKline?symbol=OGDC',
        sort: '5',
      },
      as('support'),
    );
    expect(ok.body.code).toBe(0);
    const ads = await get(t.app, '/api/index/ads', {}, { lang: 'en-US' });
    expect(ads.body.data.map((b: { id: number }) => b.id)).toContain(ok.body.data.id);
    const [n, audits] = [await countOf('home_banners'), await auditCount()];
    const base = { imageKey: img.data.key, altUr: 'ب', altEn: 'b' };
    for (const body of [
      { ...base, target: 'https://evil.example/' },
      { ...base, target: '/pages/nowhere' },
      { ...base, target: '/pages/tabbar/home?x=<script>' },
      { ...base, target: '//evil.example/pages/tabbar/home' },
      { ...base, target: '/pages/tabbar/home', startsAt: '2000', endsAt: '1000' },
      { ...base, target: '/pages/tabbar/home', imageKey: `${'12'.repeat(16)}.jpg` },
    ]) {
      const r = await post(t.app, '/admin/api/content/banners', body, as('support'));
      expect(r.body.code).toBe(-1001);
    }
    expect(await countOf('home_banners')).toBe(n);
    expect(await auditCount()).toBe(audits);
    const off = await post(
      t.app,
      '/admin/api/content/banners',
      { ...base, id: String(ok.body.data.id), target: '/pages/tabbar/home', active: '0' },
      as('support'),
    );
    expect(off.body.data.active).toBe(false);
    const after = await get(t.app, '/api/index/ads');
    expect(after.body.data.map((b: { id: number }) => b.id)).not.toContain(ok.body.data.id);
  });
});
