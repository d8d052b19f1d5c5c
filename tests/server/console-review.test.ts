// The console's work: roles per route, the KYC queue and reviewKyc (approve, reject with a reason, double review
// refused, audit and kyc_reviews rows, users.id_status), the photos (role, bad keys, missing file), settings
// (audited, admin or finance for money keys), the audit log (read-only: no API writes it), user lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { setKycStatus } from '../../server/domain/backoffice/kyc.ts';
import { readKycImage } from '../../server/domain/kyc/kyc-images.ts';
import { reviewKyc } from '../../server/domain/kyc/kyc-review.ts';
import { readSetting } from '../../server/domain/settings/settings-repo.ts';
import { get, makeTestApp, post, rowCounts, type TestApp } from './helpers.ts';
import { asOperator, cookieOf, makeOperator, seedPendingKyc } from './console-helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const role of ['kyc', 'finance', 'support', 'admin']) {
    const op = await makeOperator(t, role);
    ids[role] = op.id;
    cookies[role] = await cookieOf(t, op);
  }
});
afterAll(async () => t.close());

const as = (role: string) => asOperator(cookies[role] ?? '');
const FORBIDDEN = 'Your role does not allow this.';

describe('roles', () => {
  it('lets each role reach only its part', async () => {
    const can = async (role: string, url: string, query: Record<string, string> = {}) =>
      (await get(t.app, url, query, as(role))).body.code === 0;
    expect(await can('kyc', '/admin/api/queues/kyc')).toBe(true);
    expect(await can('finance', '/admin/api/queues/kyc')).toBe(false);
    expect(await can('support', '/admin/api/queues/kyc')).toBe(false);
    expect(await can('admin', '/admin/api/queues/kyc')).toBe(true);
    expect(await can('kyc', '/admin/api/settings')).toBe(false);
    expect(await can('finance', '/admin/api/settings')).toBe(true);
    expect(await can('support', '/admin/api/audit')).toBe(false);
    expect(await can('finance', '/admin/api/audit')).toBe(false);
    expect(await can('admin', '/admin/api/audit')).toBe(true);
    const refused = await get(t.app, '/admin/api/settings', {}, as('kyc'));
    expect(refused.body.msg).toBe(FORBIDDEN);
  });

  it('refuses decisions to support and settings writes to a kyc reviewer, changing nothing', async () => {
    const { submissionId } = await seedPendingKyc(t);
    const before = await rowCounts(t.db);
    const audits = async () => (await t.db.selectFrom('operator_audit').selectAll().execute()).length;
    const a0 = await audits();
    const r1 = await post(t.app, `/admin/api/queues/kyc/${submissionId}/approve`, {}, as('support'));
    expect(r1.body).toMatchObject({ code: -1001, msg: FORBIDDEN });
    const r2 = await post(t.app, '/admin/api/settings', { key: 'deposit.min', value: '"600.00"' }, as('kyc'));
    expect(r2.body).toMatchObject({ code: -1001, msg: FORBIDDEN });
    const r3 = await post(
      t.app,
      '/admin/api/settings',
      { key: 'deposit.min', value: '"600.00"' },
      as('support'),
    );
    expect(r3.body.code).toBe(-1001);
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await audits()).toBe(a0);
    const sub = await t.db
      .selectFrom('kyc_submissions')
      .select('status')
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('pending');
  });
});

describe('KYC review', () => {
  it('lists pending oldest first with details, and approves: submission, users.id_status, kyc_reviews, audit', async () => {
    const a = await seedPendingKyc(t);
    const b = await seedPendingKyc(t);
    const list = await get(t.app, '/admin/api/queues/kyc', {}, as('kyc'));
    const listed = (list.body.data.list as { id: number }[]).map((i) => i.id);
    expect(listed.indexOf(a.submissionId)).toBeLessThan(listed.indexOf(b.submissionId));
    const detail = await get(t.app, `/admin/api/queues/kyc/${a.submissionId}`, {}, as('kyc'));
    expect(detail.body.data).toMatchObject({ id: a.submissionId, status: 'pending', title: 'Ayesha Khan' });
    expect(detail.body.data.fields).toContainEqual({ label: 'kyc.certNumber', value: '35202-1234567-1' });
    expect(detail.body.data.images).toHaveLength(2);

    const res = await post(t.app, `/admin/api/queues/kyc/${a.submissionId}/approve`, {}, as('kyc'));
    expect(res.body.code).toBe(0);
    const user = await t.db
      .selectFrom('users')
      .select('id_status')
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(user.id_status).toBe('succ');
    const sub = await t.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('id', '=', a.submissionId)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'succ', reviewed_by: ids['kyc'] });
    const review = await t.db
      .selectFrom('kyc_reviews')
      .selectAll()
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ previous: 'pending', status: 'succ', source: 'console' });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'kyc')
      .where('subject_id', '=', String(a.submissionId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'kyc.approve', operator_id: ids['kyc'], source: 'console' });
    expect(JSON.parse(audit[0]?.before_json ?? '')).toMatchObject({
      status: 'pending',
      userStatus: 'pending',
    });
    expect(JSON.parse(audit[0]?.after_json ?? '')).toMatchObject({ status: 'succ', userStatus: 'succ' });

    // a second decision is refused and changes nothing
    const before = await rowCounts(t.db);
    const again = await post(
      t.app,
      `/admin/api/queues/kyc/${a.submissionId}/reject`,
      { reason: 'blurred photo' },
      as('admin'),
    );
    expect(again.body).toMatchObject({ code: -1001, msg: 'This submission has already been reviewed.' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('rejects only with a reason of 3–200 characters, then shows it', async () => {
    const a = await seedPendingKyc(t);
    const before = await rowCounts(t.db);
    for (const reason of ['', 'no', 'x'.repeat(201)]) {
      const r = await post(t.app, `/admin/api/queues/kyc/${a.submissionId}/reject`, { reason }, as('kyc'));
      expect(r.body.code).toBe(-1001);
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const r = await post(
      t.app,
      `/admin/api/queues/kyc/${a.submissionId}/reject`,
      { reason: 'The photo is blurred' },
      as('kyc'),
    );
    expect(r.body.code).toBe(0);
    const sub = await t.db
      .selectFrom('kyc_submissions')
      .select(['status', 'reason'])
      .where('id', '=', a.submissionId)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: 'fail', reason: 'The photo is blurred' });
    const user = await t.db
      .selectFrom('users')
      .select('id_status')
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(user.id_status).toBe('fail');
  });

  it('lets only one of two parallel decisions through', async () => {
    const a = await seedPendingKyc(t);
    const results = await Promise.allSettled([
      reviewKyc(
        t.db,
        { source: 'console', operatorId: ids['kyc'] ?? 0 },
        a.submissionId,
        { approve: true },
        Date.now(),
      ),
      reviewKyc(t.db, CLI_ACTOR, a.submissionId, { approve: false, reason: 'duplicate' }, Date.now()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'kyc')
      .where('subject_id', '=', String(a.submissionId))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets the back-office kyc command decide a pending submission through the same audited review', async () => {
    const a = await seedPendingKyc(t);
    await expect(setKycStatus(t.db, a.userId, 'fail', 'no')).rejects.toMatchObject({ reason: 'badReason' });
    const r = await setKycStatus(t.db, a.userId, 'fail', 'Photo unreadable');
    expect(r).toMatchObject({ changed: true, status: 'fail' });
    const sub = await t.db
      .selectFrom('kyc_submissions')
      .select(['status', 'reason'])
      .where('id', '=', a.submissionId)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: 'fail', reason: 'Photo unreadable' });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'kyc')
      .where('subject_id', '=', String(a.submissionId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'kyc.reject', source: 'cli', operator_id: null });
    // without a pending submission the command still sets the status, audited
    await setKycStatus(t.db, a.userId, 'succ');
    const set = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', String(a.userId))
      .execute();
    expect(set.at(-1)).toMatchObject({ action: 'kyc.setStatus', source: 'cli' });
  });

  it('refuses unknown and malformed ids cleanly', async () => {
    expect((await post(t.app, '/admin/api/queues/kyc/999999/approve', {}, as('kyc'))).body.code).toBe(-1001);
    expect((await get(t.app, '/admin/api/queues/kyc/999999', {}, as('kyc'))).body.code).toBe(-1001);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/admin/api/queues/kyc/abc',
      headers: asOperator(cookies['kyc'] ?? '').headers,
    });
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json<{ code: number }>().code).toBe(-1001);
  });
});

describe('KYC photos', () => {
  it('streams both photos to kyc and admin with no-store, and to no one else', async () => {
    const a = await seedPendingKyc(t);
    const url = `/admin/api/queues/kyc/${a.submissionId}/image/front`;
    for (const role of ['kyc', 'admin']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: asOperator(cookies[role] ?? '').headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(a.front)).toBe(true);
    }
    const back = await t.app.inject({
      method: 'GET',
      url: url.replace('front', 'back'),
      headers: asOperator(cookies['kyc'] ?? '').headers,
    });
    expect(back.headers['content-type']).toBe('image/png');
    for (const role of ['finance', 'support']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: asOperator(cookies[role] ?? '').headers,
      });
      expect(res.json<{ code: number }>().code).toBe(-1001);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const anon = await t.app.inject({ method: 'GET', url });
    expect(anon.json<{ code: number }>().code).toBe(-1000);
    const side = await t.app.inject({
      method: 'GET',
      url: url.replace('front', 'passwd'),
      headers: asOperator(cookies['kyc'] ?? '').headers,
    });
    expect(side.json<{ code: number }>().code).toBe(-1001);
  });

  it('refuses traversal keys and answers a missing file with a clean -1001', async () => {
    for (const key of [
      '../../app.db',
      '..%2Fapp.db',
      '/etc/passwd',
      'a'.repeat(32) + '.gif',
      'A'.repeat(32) + '.jpg',
    ]) {
      await expect(readKycImage(t.db, t.dataDir, key)).rejects.toMatchObject({ key: 'console.imageMissing' });
    }
    const a = await seedPendingKyc(t);
    await t.db
      .updateTable('kyc_submissions')
      .set({ front_image: '../../app.db' })
      .where('id', '=', a.submissionId)
      .execute();
    await t.db
      .updateTable('kyc_submissions')
      .set({ back_image: 'f'.repeat(32) + '.jpg' })
      .where('id', '=', a.submissionId)
      .execute();
    for (const side of ['front', 'back']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/api/queues/kyc/${a.submissionId}/image/${side}`,
        headers: asOperator(cookies['kyc'] ?? '').headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ code: number; msg: string }>()).toMatchObject({
        code: -1001,
        msg: 'یہ تصویر دستیاب نہیں۔',
      });
    }
  });
});

describe('settings', () => {
  it('lists every key with doc, type and value', async () => {
    const res = await get(t.app, '/admin/api/settings', {}, as('admin'));
    const keys = (res.body.data as { key: string }[]).map((s) => s.key);
    expect(keys).toContain('withdraw.feeRate');
    const min = (res.body.data as { key: string; value: string; doc: string }[]).find(
      (s) => s.key === 'deposit.min',
    );
    expect(min?.value).toBe('"500.00"');
  });

  it('writes through the registry with an audit entry; refuses bad values and unknown keys', async () => {
    const before = await rowCounts(t.db);
    for (const [key, value] of [
      ['deposit.min', '500'],
      ['deposit.min', '"12.345"'],
      ['deposit.min', 'not json'],
      ['nope.key', '"1"'],
      ['deposit.hours', '{"days":[1],"open":"18:00","close":"09:00"}'],
    ] as const) {
      const r = await post(t.app, '/admin/api/settings', { key, value }, as('admin'));
      expect(r.body.code).toBe(-1001);
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const ok = await post(
      t.app,
      '/admin/api/settings',
      { key: 'withdraw.feeMin', value: '"75.00"' },
      as('finance'),
    );
    expect(ok.body.code).toBe(0);
    expect(await readSetting(t.db, 'withdraw.feeMin')).toBe('75.00');
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'settings.write')
      .execute();
    expect(audit.at(-1)).toMatchObject({
      subject_id: 'withdraw.feeMin',
      operator_id: ids['finance'],
      before_json: '"50.00"',
      after_json: '"75.00"',
    });
  });
});

describe('audit log', () => {
  it('pages newest first, filters by subject and operator, and no API edits it', async () => {
    const all = await get(t.app, '/admin/api/audit', {}, as('admin'));
    const list = all.body.data.list as { id: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect([...list].sort((x, y) => y.id - x.id)).toEqual(list);
    const byOp = await get(t.app, '/admin/api/audit', { operatorId: String(ids['finance']) }, as('admin'));
    for (const e of byOp.body.data.list as { operatorId: number }[])
      expect(e.operatorId).toBe(ids['finance']);
    const bySubject = await get(
      t.app,
      '/admin/api/audit',
      { subjectType: 'setting', subjectId: 'withdraw.feeMin' },
      as('admin'),
    );
    expect((bySubject.body.data.list as unknown[]).length).toBeGreaterThan(0);
    const count = async () => (await t.db.selectFrom('operator_audit').selectAll().execute()).length;
    const n = await count();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/admin/api/audit', `/admin/api/audit/${list[0]?.id ?? 1}`]) {
        const res = await t.app.inject({
          method,
          url,
          headers: {
            ...asOperator(cookies['admin'] ?? '').headers,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'action=x',
        });
        expect(res.statusCode).toBe(404);
      }
    }
    expect(await count()).toBe(n);
    // and the database itself refuses
    await expect(t.db.deleteFrom('operator_audit').execute()).rejects.toThrow();
  });
});

describe('user lookup', () => {
  it('finds a user by phone or id with KYC status, balances and submissions, for support', async () => {
    const a = await seedPendingKyc(t);
    const user = await t.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    const byId = await get(t.app, '/admin/api/lookup', { q: String(a.userId) }, as('support'));
    expect(byId.body.data).toMatchObject({ userId: a.userId, idStatus: 'pending' });
    expect(byId.body.data.accounts.map((x: { type: string }) => x.type).sort()).toEqual(['demo', 'real']);
    expect(byId.body.data.submissions[0]).toMatchObject({ id: a.submissionId, status: 'pending' });
    // Exactly these fields: the credit score and the last loans since issue 18 (customer service answers
    // loan questions; spec §6), nothing else of the user.
    expect(Object.keys(byId.body.data).sort()).toEqual([
      'accounts',
      'createdAt',
      'credit',
      'idStatus',
      'loans',
      'phone',
      'submissions',
      'userId',
    ]);
    expect(byId.body.data.credit).toEqual({ score: 40, tier: 'risk' });
    expect(byId.body.data.loans).toEqual([]);
    const byPhone = await get(t.app, '/admin/api/lookup', { q: `0${user.phone.slice(3)}` }, as('support'));
    expect(byPhone.body.data.userId).toBe(a.userId);
    expect((await get(t.app, '/admin/api/lookup', { q: 'abc' }, as('support'))).body.code).toBe(-1001);
    expect((await get(t.app, '/admin/api/lookup', { q: '99999999' }, as('support'))).body.code).toBe(-1001);
  });
});
