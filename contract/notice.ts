// News, platform notices, Home banners and personal messages (issue 19 items 1–4): index/news, index/news/info,
// index/notice, index/ads (guests may read them) and user/notice, user/notice/read (the caller's own messages).
// Texts come in the caller's language (Accept-Language). Read state: a personal message's is kept on the
// server per message (read_at); a platform notice has no server read state — it is the same for every user, and
// the app remembers which ones it has shown (`noticeData`, `systemNotice` in local storage), so the unread
// count of user/notice counts personal messages only.
import { Type, type Static } from 'typebox';
import { envelope, EpochMs, Page } from './envelope.ts';
import { fields, idString, opt, text } from './form-fields.ts';

const pageField = text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' });
const sizeField = text(1, 2, { pattern: '^(?:[1-9]|[1-4][0-9]|50)$', default: '20' });
export const NOTICE_MAX_PAGE_SIZE = 50;

export const ContentPageQuery = fields({ page: opt(pageField), size: opt(sizeField) });
export type ContentPageQuery = Static<typeof ContentPageQuery>;
export const ContentIdQuery = fields({ id: idString });

const ImageUrl = Type.Union([Type.String({ description: 'Public URL of the image' }), Type.Null()]);

// ---- index/news, index/news/info ----
export const NewsItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('operator'), Type.Literal('auto')], {
    description: 'auto: made by the server from the simulated market (labelled automatic)',
  }),
  title: Type.String(),
  summary: Type.String({ description: 'The first characters of the body' }),
  image: ImageUrl,
  publishedAt: EpochMs(),
});
export type NewsItem = Static<typeof NewsItem>;
export const NewsArticle = Type.Object({ ...NewsItem.properties, body: Type.String() });
export type NewsArticle = Static<typeof NewsArticle>;
export const NewsPageReply = envelope(Page(NewsItem));
export const NewsArticleReply = envelope(NewsArticle);

// ---- index/notice ----
export const PlatformNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  system: Type.Boolean({ description: 'the system notice shown once as a pop-up on Home' }),
  publishedAt: EpochMs(),
});
export type PlatformNotice = Static<typeof PlatformNotice>;
export const NoticePage = Type.Object({
  ...Page(PlatformNotice).properties,
  systemNotice: Type.Union([PlatformNotice, Type.Null()], {
    description: 'the current system pop-up, if any',
  }),
});
export type NoticePage = Static<typeof NoticePage>;
export const NoticePageReply = envelope(NoticePage);

// ---- index/ads ----
export const Banner = Type.Object({
  id: Type.Integer(),
  image: Type.String({ description: 'Public URL of the image' }),
  alt: Type.String(),
  target: Type.String({ description: 'an app route (path of the route table, optional query string)' }),
});
export type Banner = Static<typeof Banner>;
export const BannersReply = envelope(Type.Array(Banner));

// ---- user/notice, user/notice/read ----
export const UserMessage = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'deposit, withdraw, kyc, order …' }),
  title: Type.String(),
  body: Type.String(),
  link: Type.String({ description: 'an app route this message is about; empty when none' }),
  read: Type.Boolean(),
  createdAt: EpochMs(),
});
export type UserMessage = Static<typeof UserMessage>;
export const UserMessagePage = Type.Object({
  ...Page(UserMessage).properties,
  unread: Type.Integer({ minimum: 0, description: 'unread personal messages in all' }),
});
export type UserMessagePage = Static<typeof UserMessagePage>;
export const UserMessagePageReply = envelope(UserMessagePage);

export const NoticeReadBody = fields({
  id: opt(idString),
  all: opt(text(1, 1, { pattern: '^1$', description: '1: mark every own message read' })),
});
export type NoticeReadBody = Static<typeof NoticeReadBody>;
export const NoticeReadReply = envelope(
  Type.Object({ unread: Type.Integer({ minimum: 0, description: 'unread personal messages left' }) }),
);
