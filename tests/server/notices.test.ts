// The content calls (issue 19): index/news, index/news/info, index/notice and index/ads for guests (drafts,
// unpublished and out-of-window items never shown, texts in the caller's language, paging bounds), and
// user/notice, user/notice/read for the owner only (another user's id is refused and changes nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage } from '../../server/domain/content/messages-repo.ts';
import { get, makeTestApp, post, registerUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const texts = (n: string) => ({
  title_ur: `خبر ${n}`,
  title_en: `News ${n}`,
  body_ur: `متن ${n}`,
  body_en: `Body ${n} `.repeat(40),
});

async function article(n: string, published: number | null) {
  const now = Date.now();
  const r = await t.db
    .insertInto('news_articles')
    .values({
      ...texts(n),
      kind: 'operator',
      auto_key: null,
      image_key: null,
      published_at: published,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('news', () => {
  it('lists only published articles, newest first, in the caller’s language, paged', async () => {
    const base = Date.now() - 60_000;
    const a = await article('A', base);
    const b = await article('B', base + 1000);
    const draft = await article('draft', null);
    const later = await article('later', Date.now() + 3_600_000);
    const en = await get(t.app, '/api/index/news', { page: '1', size: '50' }, { lang: 'en-US' });
    expect(en.body.code).toBe(0);
    const ids = (en.body.data.list as { id: number }[]).map((x) => x.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(later);
    const first = en.body.data.list.find((x: { id: number }) => x.id === b);
    expect(first.title).toBe('News B');
    expect(first.summary.length).toBeLessThanOrEqual(141);
    const ur = await get(t.app, '/api/index/news/info', { id: String(b) }, { lang: 'ur-PK' });
    expect(ur.body.data.title).toBe('خبر B');
    expect(ur.body.data.body).toBe('متن B');
    const one = await get(t.app, '/api/index/news', { page: '1', size: '1' });
    expect(one.body.data.list).toHaveLength(1);
    expect(one.body.data.total).toBeGreaterThanOrEqual(2);
    const far = await get(t.app, '/api/index/news', { page: '999', size: '50' });
    expect(far.body.data.list).toEqual([]);
  });

  it('refuses bad paging and unknown, draft or bad ids with a localised message', async () => {
    for (const q of [
      { page: '0' },
      { size: '51' },
      { size: '0' },
      { page: '-1' },
      { page: 'x' },
      { page: ['1', '2'] },
    ]) {
      const r = await get(t.app, '/api/index/news', q, { lang: 'en-US' });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(-1001);
    }
    const draft = await article('hidden', null);
    for (const id of [String(draft), '999999', '0', 'abc']) {
      const r = await get(t.app, '/api/index/news/info', { id }, { lang: 'en-US' });
      expect(r.body.code).toBe(-1001);
    }
    const missing = await get(t.app, '/api/index/news/info', { id: String(draft) }, { lang: 'ur-PK' });
    expect(missing.body.msg).toBe('یہ خبر موجود نہیں یا شائع نہیں ہوئی۔');
  });
});

describe('notices and banners', () => {
  it('shows published notices and the newest published system notice', async () => {
    const now = Date.now();
    const mk = async (n: string, system: number, published: number | null) =>
      (
        await t.db
          .insertInto('platform_notices')
          .values({
            ...texts(n),
            system_popup: system,
            published_at: published,
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const old = await mk('sys-old', 1, now - 5000);
    const sys = await mk('sys', 1, now - 1000);
    const plain = await mk('plain', 0, now - 500);
    const draft = await mk('draft', 1, null);
    const r = await get(t.app, '/api/index/notice', {}, { lang: 'en-US' });
    const ids = (r.body.data.list as { id: number }[]).map((x) => x.id);
    expect(ids.slice(0, 3)).toEqual([plain, sys, old]);
    expect(ids).not.toContain(draft);
    expect(r.body.data.systemNotice.id).toBe(sys);
    expect(r.body.data.systemNotice.title).toBe('News sys');
  });

  it('answers active banners inside their window, in order, for guests', async () => {
    const now = Date.now();
    const mk = async (
      sort: number,
      extra: { active?: number; starts_at?: number | null; ends_at?: number | null },
    ) =>
      (
        await t.db
          .insertInto('home_banners')
          .values({
            image_key: 'ab'.repeat(16) + '.jpg',
            alt_ur: 'بینر',
            alt_en: `Banner ${sort}`,
            target: '/pages/tabbar/markets',
            sort,
            starts_at: null,
            ends_at: null,
            created_at: now,
            updated_at: now,
            ...extra,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const second = await mk(2, {});
    const first = await mk(1, { starts_at: now - 1000, ends_at: now + 3_600_000 });
    const off = await mk(0, { active: 0 });
    const over = await mk(0, { ends_at: now - 1 });
    const future = await mk(0, { starts_at: now + 3_600_000 });
    const r = await get(t.app, '/api/index/ads', {}, { lang: 'en-US' });
    const ids = (r.body.data as { id: number }[]).map((x) => x.id);
    expect(ids).toEqual([first, second]);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(over);
    expect(ids).not.toContain(future);
    expect(r.body.data[0].image).toBe(`/api/content/image/${'ab'.repeat(16)}.jpg`);
  });

  it('refuses a content image key that is not ours or missing, as JSON', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', `${'cd'.repeat(16)}.jpg`, 'x.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/content/image/${key}` });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body).code).toBe(-1001);
    }
  });
});

describe('personal messages', () => {
  async function userWithMessages(n: number) {
    const u = await registerUser(t.app);
    for (let i = 0; i < n; i++) {
      await insertMessage(t.db, {
        userId: u.user.id,
        kind: 'deposit',
        eventKey: `deposit:credited:${i}`,
        textKey: 'depositCredited',
        params: { amount: '1,000.00', asset: 'PKR' },
        link: '/pages/recharge/rechargeRecord',
        now: Date.now() + i,
      });
    }
    return u;
  }

  it('needs a token; lists own messages newest first with the unread count, rendered per language', async () => {
    const guest = await get(t.app, '/api/user/notice');
    expect(guest.body.code).toBe(-1000);
    const u = await userWithMessages(3);
    // The same event again makes no second message.
    await insertMessage(t.db, {
      userId: u.user.id,
      kind: 'deposit',
      eventKey: 'deposit:credited:0',
      textKey: 'depositCredited',
      params: {},
      link: '',
      now: Date.now(),
    });
    const en = await get(t.app, '/api/user/notice', { size: '2' }, { token: u.tokenReal, lang: 'en-US' });
    expect(en.body.data.total).toBe(3);
    expect(en.body.data.unread).toBe(3);
    expect(en.body.data.list).toHaveLength(2);
    expect(en.body.data.list[0].title).toBe('Deposit credited');
    expect(en.body.data.list[0].body).toContain('1,000.00 PKR');
    const ur = await get(t.app, '/api/user/notice', {}, { token: u.tokenReal, lang: 'ur-PK' });
    expect(ur.body.data.list[0].title).toBe('رقم جمع ہو گئی');
  });

  it('marks one and then all read; another user’s id is refused and changes nothing', async () => {
    const a = await userWithMessages(3);
    const b = await userWithMessages(2);
    const listB = await get(t.app, '/api/user/notice', {}, { token: b.tokenReal });
    const idB = listB.body.data.list[0].id as number;
    const stolen = await post(
      t.app,
      '/api/user/notice/read',
      { id: String(idB) },
      { token: a.tokenReal, lang: 'en-US' },
    );
    expect(stolen.body.code).toBe(-1001);
    expect(stolen.body.msg).toBe('This message does not exist.');
    const afterB = await get(t.app, '/api/user/notice', {}, { token: b.tokenReal });
    expect(afterB.body.data.unread).toBe(2);

    const listA = await get(t.app, '/api/user/notice', {}, { token: a.tokenReal });
    const one = await post(
      t.app,
      '/api/user/notice/read',
      { id: String(listA.body.data.list[1].id) },
      { token: a.tokenReal },
    );
    expect(one.body.data.unread).toBe(2);
    const again = await post(
      t.app,
      '/api/user/notice/read',
      { id: String(listA.body.data.list[1].id) },
      { token: a.tokenReal },
    );
    expect(again.body.data.unread).toBe(2);
    const all = await post(t.app, '/api/user/notice/read', { all: '1' }, { token: a.tokenReal });
    expect(all.body.data.unread).toBe(0);
    const listed = await get(t.app, '/api/user/notice', {}, { token: a.tokenReal });
    expect(listed.body.data.list.every((m: { read: boolean }) => m.read)).toBe(true);
    expect((await get(t.app, '/api/user/notice', {}, { token: b.tokenReal })).body.data.unread).toBe(2);
  });

  it('refuses a read with neither or both of id and all, or bad values', async () => {
    const u = await userWithMessages(1);
    for (const body of [{}, { id: '1', all: '1' }, { all: '2' }, { id: '0' }, { id: 'x' }]) {
      const r = await post(t.app, '/api/user/notice/read', body, { token: u.tokenReal, lang: 'en-US' });
      expect(r.body.code).toBe(-1001);
    }
    expect((await get(t.app, '/api/user/notice', {}, { token: u.tokenReal })).body.data.unread).toBe(1);
    const guest = await post(t.app, '/api/user/notice/read', { all: '1' });
    expect(guest.body.code).toBe(-1000);
  });
});
