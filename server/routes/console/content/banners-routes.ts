// Console: Home banners. GET content/banners (in carousel order), POST content/banners (create, or edit with
// id): an uploaded image's key, the alt text in both languages, the target (a route of the app's table,
// contract/app-paths.ts, with an optional query string), the order, active, and an optional window. Switching
// one off is an edit with active=0. Every change is audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isAppLink } from '../../../../contract/app-paths.ts';
import {
  BannerWriteBody,
  ConsoleBannerReply,
  ConsoleBannersReply,
  type ConsoleBanner,
} from '../../../../contract/console-content.ts';
import { allBanners, bannerById, type BannerRow } from '../../../domain/content/banners-repo.ts';
import { contentImageUrl } from '../../../domain/content/content-images.ts';
import { fieldError } from '../../../errors.ts';
import { ok } from '../../../plugins/envelope.ts';
import { FORM } from '../../route-docs.ts';
import { auditedWrite, CONTENT_ROLES } from './content-audit.ts';
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

const config = { auth: 'public', consoleRoles: CONTENT_ROLES } as const;

export const consoleBannerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/content/banners',
    {
      config,
      schema: { tags: ['console'], hide: true, summary: 'Every banner', response: ConsoleBannersReply },
    },
    async () => ok((await allBanners(app.db)).map(toConsole)),
  );

  app.post(
    '/content/banners',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Write a banner',
        consumes: FORM,
        body: BannerWriteBody,
        response: ConsoleBannerReply,
      },
    },
    async (request) => {
      const b = request.body;
      if (!isAppLink(b.target)) throw fieldError('target', 'notice:errors.targetInvalid');
      const startsAt = b.startsAt === undefined ? null : Number(b.startsAt);
      const endsAt = b.endsAt === undefined ? null : Number(b.endsAt);
      if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
        throw fieldError('endsAt', 'notice:errors.windowInvalid');
      await assertImageExists(app, b.imageKey);
      const values = {
        image_key: b.imageKey,
        alt_ur: b.altUr,
        alt_en: b.altEn,
        target: b.target,
        sort: Number(b.sort ?? '0'),
        active: b.active === '0' ? 0 : 1,
        starts_at: startsAt,
        ends_at: endsAt,
      };
      const after = await auditedWrite(
        app,
        request,
        { action: b.id ? 'banner.edit' : 'banner.create', subjectType: 'banner' },
        async (tx, now) => {
          if (b.id) {
            const before = await bannerById(tx, Number(b.id));
            if (!before) throw fieldError('id', 'notice:errors.notFound');
            await tx
              .updateTable('home_banners')
              .set({ ...values, updated_at: now })
              .where('id', '=', before.id)
              .execute();
            return {
              id: before.id,
              before: toConsole(before),
              after: toConsole((await bannerById(tx, before.id))!),
            };
          }
          const row = await tx
            .insertInto('home_banners')
            .values({ ...values, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id, before: null, after: toConsole((await bannerById(tx, row.id))!) };
        },
      );
      return ok(after);
    },
  );
};
