// Console: Home banners. GET content/banners (in carousel order), POST content/banners (create, or edit with
// id): an uploaded image's key, the alt text in both languages, the target (a route of the app's table,
// contract/app-paths.ts, with an optional query string), the order, active, and an optional window. Switching
// one off is an edit with active=0. Every change is audited.
import { isAppLink } from '../../../../contract/app-paths.ts';
import {
  BannerWriteBody,
  type BannerWriteBody as BannerWrite,
  ConsoleBannerReply,
  ConsoleBannersReply,
  type ConsoleBanner,
} from '../../../../contract/console-content.ts';
import { allBanners, bannerById, type BannerRow } from '../../../domain/content/banners-repo.ts';
import { contentImageUrl } from '../../../domain/content/content-images.ts';
import { fieldError } from '../../../errors.ts';
import { contentKindRoutes } from './content-kind-routes.ts';
import { assertImageExists } from './images-route.ts';

const toConsole = (r: BannerRow): ConsoleBanner => ({
  id: r.id,
  imageKey: r.image_key,
  image: contentImageUrl(r.image_key),
  altUr: r.alt_ur,
  altEn: r.alt_en,
  target: r.target,
  sort: r.sort,
  active: r.active === 1,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
});

const windowOf = (b: BannerWrite) => ({
  startsAt: b.startsAt === undefined ? null : Number(b.startsAt),
  endsAt: b.endsAt === undefined ? null : Number(b.endsAt),
});

const values = (b: BannerWrite) => {
  const { startsAt, endsAt } = windowOf(b);
  return {
    image_key: b.imageKey,
    alt_ur: b.altUr,
    alt_en: b.altEn,
    target: b.target,
    sort: Number(b.sort ?? '0'),
    active: b.active === '0' ? 0 : 1,
    starts_at: startsAt,
    ends_at: endsAt,
  };
};

export const consoleBannerRoutes = contentKindRoutes({
  path: '/content/banners',
  subject: 'banner',
  summaries: { list: 'Every banner', write: 'Write a banner' },
  schemas: { list: ConsoleBannersReply, one: ConsoleBannerReply, write: BannerWriteBody },
  all: allBanners,
  byId: bannerById,
  toConsole,
  async prepare(app, b) {
    if (!isAppLink(b.target)) throw fieldError('target', 'notice:errors.targetInvalid');
    const { startsAt, endsAt } = windowOf(b);
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
      throw fieldError('endsAt', 'notice:errors.windowInvalid');
    await assertImageExists(app, b.imageKey);
  },
  async update(tx, before, b, now) {
    await tx
      .updateTable('home_banners')
      .set({ ...values(b), updated_at: now })
      .where('id', '=', before.id)
      .execute();
  },
  async insert(tx, b, now) {
    const row = await tx
      .insertInto('home_banners')
      .values({ ...values(b), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
});
