// GET/POST user/auth: the KYC state and a submission with two photos. A submission is stored (pending) with
// photos re-encoded as JPEG without metadata in the database (stored_files); every refusal (a bad field, a photo
// of the wrong type, too large, a decompression bomb, the wrong status) changes no row and leaves no file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pktDate } from '../../contract/kyc.ts';
import { readKycImage } from '../../server/domain/kyc/kyc-images.ts';
import { get, makeTestApp, registerUser, type TestApp } from './helpers.ts';
import {
  kycCounts,
  photo,
  photoWithExif,
  pngBomb,
  postKyc,
  storedPhotos,
  validFields,
  type FilePart,
} from './kyc-helpers.ts';

let t: TestApp;
let front: Buffer;
let back: Buffer;
beforeAll(async () => {
  // The default limit (5 submissions reaching the photos per user and hour): every test stays below it.
  t = await makeTestApp();
  front = await photo('png');
  back = await photo('jpeg');
});
afterAll(() => t.close());

const photos = (): FilePart[] => [
  // PNG bytes declared as a JPEG named .jpg: the bytes decide, so it is taken.
  { name: 'front', filename: 'front.jpg', type: 'image/jpeg', bytes: front },
  { name: 'back', filename: 'back.png', type: 'image/png', bytes: back },
];
const state = (token: string) => get(t.app, '/api/user/auth', {}, { token, lang: 'en-US' });

/** Expects a refusal (-1001, HTTP 200) that changed no row and left no file. */
async function expectRefused(
  token: string,
  fields: Record<string, string>,
  files: readonly FilePart[],
  msg: string | RegExp,
  field?: string,
) {
  const before = await kycCounts(t.db);
  const filesBefore = (await storedPhotos(t.db)).length;
  const res = await postKyc(t.app, fields, files, { token });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(-1001);
  expect(res.body.msg).toMatch(msg);
  if (field) expect((res.body as { field?: string }).field).toBe(field);
  expect(await kycCounts(t.db)).toEqual(before);
  expect((await storedPhotos(t.db)).length).toBe(filesBefore);
}

describe('GET user/auth', () => {
  it('answers none and no submission for a new user; -1000 without a token', async () => {
    const u = await registerUser(t.app);
    const res = await state(u.token);
    expect(res.body).toMatchObject({ code: 0, data: { status: 'none', submission: null } });
    expect((await get(t.app, '/api/user/auth')).body.code).toBe(-1000);
  });
});

describe('POST user/auth', () => {
  it('stores a pending submission, photos private and re-encoded, and shows it masked', async () => {
    const u = await registerUser(t.app);
    const filesBefore = (await storedPhotos(t.db)).length;
    const res = await postKyc(t.app, validFields({ fullName: '  عائشہ   خان ' }), photos(), {
      token: u.token,
    });
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        status: 'pending',
        submission: { certType: 'cnic', certNumber: '*****-****567-1', reason: '' },
      },
    });
    const view = (await state(u.token)).body.data;
    expect(view.submission.certNumber).toBe('*****-****567-1');
    expect(view.submission.fullName).toBe('عائشہ خان');
    expect(JSON.stringify(view)).not.toMatch(/[0-9a-f]{32}|\.jpg/u);
    const info = await get(t.app, '/api/user/info', {}, { token: u.tokenDemo });
    expect(info.body.data.idStatus).toBe('pending');

    const row = await t.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', cert_number: '35202-1234567-1', full_name: 'عائشہ خان' });
    const review = await t.db
      .selectFrom('kyc_reviews')
      .selectAll()
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ previous: 'none', status: 'pending', source: 'user' });
    expect((await storedPhotos(t.db)).length).toBe(filesBefore + 2);
    for (const key of [row.front_image, row.back_image]) {
      expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/u);
      const image = await readKycImage(t.db, t.dataDir, key);
      expect(image.type).toBe('image/jpeg');
      expect((await sharp(image.bytes).metadata()).format).toBe('jpeg');
    }
    // Nothing of them under DATA_DIR: every node reads them from the database.
    expect(existsSync(path.join(t.dataDir, 'private', 'kyc'))).toBe(false);
    await expect(readKycImage(t.db, t.dataDir, '../app.db')).rejects.toThrow();
    await expect(readKycImage(t.db, t.dataDir, `../${row.front_image}`)).rejects.toThrow();
  });

  it('drops EXIF and GPS and shrinks a large photo to fit 2000×2000', async () => {
    const u = await registerUser(t.app);
    const exif = await photoWithExif();
    expect((await sharp(exif).metadata()).exif).toBeDefined();
    const big = await photo('webp', 3000, 1500);
    const res = await postKyc(
      t.app,
      validFields(),
      [
        { name: 'front', bytes: exif },
        { name: 'back', filename: 'b.webp', bytes: big },
      ],
      { token: u.token },
    );
    expect(res.body.code).toBe(0);
    const row = await t.db
      .selectFrom('kyc_submissions')
      .select(['front_image', 'back_image'])
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    const stored = await readKycImage(t.db, t.dataDir, row.front_image);
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.bytes.includes(Buffer.from('Secret Model 9'))).toBe(false);
    const backMeta = await sharp((await readKycImage(t.db, t.dataDir, row.back_image)).bytes).metadata();
    expect([backMeta.format, backMeta.width, backMeta.height]).toEqual(['jpeg', 2000, 1000]);
  });

  it('refuses each bad field at that field, storing nothing', async () => {
    const u = await registerUser(t.app);
    const today = pktDate(Date.now());
    const yearsAgo = (n: number) =>
      `${Number(today.slice(0, 4)) - n}${today.slice(4)}`.replace(/-02-29$/u, '-02-28');
    const cases: Array<[Record<string, string>, RegExp, string]> = [
      [{ certType: 'visa' }, /./u, 'certType'],
      [{ certNumber: '3520212345671' }, /XXXXX-XXXXXXX-X/u, 'certNumber'],
      [{ certType: 'passport', certNumber: 'AB12' }, /5 to 20/u, 'certNumber'],
      [{ certType: 'licence', certNumber: 'AB-1234' }, /5 to 20/u, 'certNumber'],
      [{ fullName: 'A' }, /2 to 60/u, 'fullName'],
      [{ fullName: 'Ayesha <b>' }, /2 to 60/u, 'fullName'],
      [{ fullName: 'Ayesha 2' }, /2 to 60/u, 'fullName'],
      [{ birthDate: '1990-02-30' }, /real date/u, 'birthDate'],
      [{ birthDate: '19900101' }, /./u, 'birthDate'],
      [{ birthDate: yearsAgo(17) }, /at least 18/u, 'birthDate'],
      [{ birthDate: yearsAgo(101) }, /100 years/u, 'birthDate'],
      [{ agree: '0' }, /./u, 'agree'],
    ];
    for (const [over, msg, field] of cases) {
      await expectRefused(u.token, validFields(over), photos(), msg, field);
    }
    const { agree: _agree, ...noAgree } = validFields();
    await expectRefused(u.token, noAgree, photos(), /./u, 'agree');
    expect((await state(u.token)).body.data.status).toBe('none');
  });

  it('refuses a missing, disguised, oversized or bomb photo quickly, storing nothing', async () => {
    const u = await registerUser(t.app);
    const [f, b] = photos() as [FilePart, FilePart];
    await expectRefused(u.token, validFields(), [f], /photo of this side/u, 'back');
    await expectRefused(u.token, validFields(), [b], /photo of this side/u, 'front');
    const text = Buffer.from('just some text pretending to be a photo\n'.repeat(20));
    await expectRefused(u.token, validFields(), [{ ...f, bytes: text }, b], /JPEG, PNG or WebP/u, 'front');
    // A JPEG's magic bytes followed by garbage: typed as JPEG, refused by the decoder.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    await expectRefused(u.token, validFields(), [f, { ...b, bytes: broken }], /could not be read/u, 'back');
    const huge = Buffer.concat([front, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    await expectRefused(u.token, validFields(), [f, { ...b, bytes: huge }], /larger than 5 MB/u, 'back');
    const started = Date.now();
    await expectRefused(u.token, validFields(), [{ ...f, bytes: pngBomb() }, b], /too many pixels/u, 'front');
    expect(Date.now() - started).toBeLessThan(3000);
    await expectRefused(u.token, validFields(), [f, b, { name: 'extra', bytes: back }], /too many parts/u);
    expect((await state(u.token)).body.data.status).toBe('none');
  });

  it('refuses a body that is not multipart and a call without a token', async () => {
    const u = await registerUser(t.app);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth',
      payload: new URLSearchParams(validFields()).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accesstoken: u.token },
    });
    expect(JSON.parse(form.body).code).toBe(-1001);
    const res = await postKyc(t.app, validFields(), photos());
    expect(res.body.code).toBe(-1000);
  });

  it('refuses while under review and once verified; allows a resubmission after a failure', async () => {
    const u = await registerUser(t.app);
    expect((await postKyc(t.app, validFields(), photos(), { token: u.token })).body.code).toBe(0);
    await expectRefused(u.token, validFields(), photos(), /under review/u);

    await t.db
      .updateTable('kyc_submissions')
      .set({ status: 'fail', reason: 'The photo is blurred' })
      .where('user_id', '=', u.user.id)
      .execute();
    await t.db.updateTable('users').set({ id_status: 'fail' }).where('id', '=', u.user.id).execute();
    const failed = (await state(u.token)).body.data;
    expect(failed).toMatchObject({ status: 'fail', submission: { reason: 'The photo is blurred' } });

    const again = await postKyc(
      t.app,
      validFields({ certType: 'passport', certNumber: 'ab1234567' }),
      photos(),
      { token: u.token },
    );
    expect(again.body).toMatchObject({
      code: 0,
      data: { status: 'pending', submission: { certType: 'passport', certNumber: '*****4567', reason: '' } },
    });

    await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', u.user.id).execute();
    await expectRefused(u.token, validFields(), photos(), /already verified/u);
  });

  it("never shows one user's state to another", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await postKyc(t.app, validFields({ fullName: 'Alice Ahmed' }), photos(), { token: a.token });
    const bState = (await state(b.token)).body.data;
    expect(bState).toEqual({ status: 'none', submission: null });
    expect((await state(a.tokenDemo)).body.data.submission.fullName).toBe('Alice Ahmed');
  });

  it('of concurrent submissions stores exactly one, and leaves only its photos', async () => {
    const u = await registerUser(t.app);
    const filesBefore = (await storedPhotos(t.db)).length;
    const results = await Promise.all(
      [1, 2, 3].map(() => postKyc(t.app, validFields(), photos(), { token: u.token })),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', u.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await storedPhotos(t.db)).length).toBe(filesBefore + 2);
  });
});

describe('POST user/auth rate limit', () => {
  it('refuses the sixth attempt of the hour that reaches the photos', async () => {
    const u = await registerUser(t.app);
    const text = Buffer.from('not an image at all');
    const bad: FilePart[] = [
      { name: 'front', bytes: text },
      { name: 'back', bytes: text },
    ];
    for (let i = 0; i < 5; i++) {
      expect((await postKyc(t.app, validFields(), bad, { token: u.token })).body.msg).toMatch(/JPEG/u);
    }
    await expectRefused(u.token, validFields(), photos(), /try again/iu);
    // Another user is not held back by it.
    const other = await registerUser(t.app);
    expect((await postKyc(t.app, validFields(), photos(), { token: other.token })).body.code).toBe(0);
  });
});
