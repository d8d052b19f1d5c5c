// Home banners: the active ones inside their window, in sort order (index/ads), and the console's list.
import type { Banner } from '../../../contract/notice.ts';
import type { Db } from '../../db/database.ts';
import type { HomeBannersTable } from '../../db/schema.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { contentImageUrl } from './content-images.ts';
import { inLang } from './localised.ts';

export type BannerRow = Omit<HomeBannersTable, 'id' | 'sort' | 'active'> & {
  id: number;
  sort: number;
  active: number;
};

export const toBanner = (r: BannerRow, lang: Lang): Banner => ({
  id: r.id,
  image: contentImageUrl(r.image_key),
  alt: inLang(lang, r.alt_ur, r.alt_en),
  target: r.target,
});

/** At most 20 banners: a carousel longer than that is not read. */
export async function activeBanners(db: Db, now: number): Promise<BannerRow[]> {
  return (await db
    .selectFrom('home_banners')
    .selectAll()
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .limit(20)
    .execute()) as BannerRow[];
}

export async function bannerById(db: Db, id: number): Promise<BannerRow | undefined> {
  return (await db.selectFrom('home_banners').selectAll().where('id', '=', id).executeTakeFirst()) as
    BannerRow | undefined;
}

export async function allBanners(db: Db): Promise<BannerRow[]> {
  return (await db
    .selectFrom('home_banners')
    .selectAll()
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .limit(200)
    .execute()) as BannerRow[];
}
