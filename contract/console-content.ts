// The console's content calls (/admin/api/content/*): news articles, platform notices and Home banners, as the
// operator writes them (both languages side by side), plus the image upload (multipart, field `image`) whose
// key an article or a banner then names. Support operators and admins may call them; each change is audited.
import { Type, type Static } from 'typebox';
import { envelope, EpochMs } from './envelope.ts';
import { fields, idString, msField, opt, text } from './form-fields.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const NullableMs = Type.Union([EpochMs(), Type.Null()]);
const imageKeyField = text(1, 40, {
  pattern: '^[0-9a-f]{32}\\.jpg$',
  description: 'key from content/images',
});
const flag = text(1, 1, { pattern: '^[01]$' });

export const ConsoleImage = Type.Object({ key: Type.String(), url: Type.String() });
export const ConsoleImageReply = envelope(ConsoleImage);

export const ConsoleArticle = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('operator'), Type.Literal('auto')]),
  titleUr: Type.String(),
  titleEn: Type.String(),
  bodyUr: Type.String(),
  bodyEn: Type.String(),
  imageKey: Nullable(Type.String()),
  image: Nullable(Type.String()),
  publishedAt: NullableMs,
  createdAt: EpochMs(),
});
export type ConsoleArticle = Static<typeof ConsoleArticle>;
export const ConsoleArticlesReply = envelope(Type.Array(ConsoleArticle));
export const ConsoleArticleReply = envelope(ConsoleArticle);
export const ArticleWriteBody = fields({
  id: opt(idString),
  titleUr: text(1, 200),
  titleEn: text(1, 200),
  bodyUr: text(1, 8000),
  bodyEn: text(1, 8000),
  imageKey: opt(imageKeyField),
  removeImage: opt(flag),
});
export type ArticleWriteBody = Static<typeof ArticleWriteBody>;

export const ConsoleNotice = Type.Object({
  id: Type.Integer(),
  titleUr: Type.String(),
  titleEn: Type.String(),
  bodyUr: Type.String(),
  bodyEn: Type.String(),
  system: Type.Boolean(),
  publishedAt: NullableMs,
  createdAt: EpochMs(),
});
export type ConsoleNotice = Static<typeof ConsoleNotice>;
export const ConsoleNoticesReply = envelope(Type.Array(ConsoleNotice));
export const ConsoleNoticeReply = envelope(ConsoleNotice);
export const NoticeWriteBody = fields({
  id: opt(idString),
  titleUr: text(1, 200),
  titleEn: text(1, 200),
  bodyUr: text(1, 8000),
  bodyEn: text(1, 8000),
  system: opt(flag),
});
export type NoticeWriteBody = Static<typeof NoticeWriteBody>;

export const ConsoleBanner = Type.Object({
  id: Type.Integer(),
  imageKey: Type.String(),
  image: Type.String(),
  altUr: Type.String(),
  altEn: Type.String(),
  target: Type.String(),
  sort: Type.Integer(),
  active: Type.Boolean(),
  startsAt: NullableMs,
  endsAt: NullableMs,
});
export type ConsoleBanner = Static<typeof ConsoleBanner>;
export const ConsoleBannersReply = envelope(Type.Array(ConsoleBanner));
export const ConsoleBannerReply = envelope(ConsoleBanner);
export const BannerWriteBody = fields({
  id: opt(idString),
  imageKey: imageKeyField,
  altUr: text(1, 120),
  altEn: text(1, 120),
  target: text(1, 300, { description: 'an app route path, optional query string' }),
  sort: opt(text(1, 4, { pattern: '^(?:0|[1-9][0-9]{0,3})$' })),
  active: opt(flag),
  startsAt: opt(msField('start of the window (epoch ms); none: from now')),
  endsAt: opt(msField('end of the window (epoch ms); none: open-ended')),
});
export type BannerWriteBody = Static<typeof BannerWriteBody>;

export const ContentIdParams = fields({ id: idString });
export const PublishBody = fields({ published: flag });
