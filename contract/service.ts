// Customer-service chat (issue 19 item 5): the REST calls (a guest session, history pages, an image upload,
// the unread count) and the frames of the chat sockets, for users and guests (/api/ws/service) and for
// operators (/admin/api/ws/service). Messages carry a per-conversation sequence assigned by the server (the
// order both sides show) and the sender's client id (a resend with the same id is the same message).
import { Type, type Static } from 'typebox';
import { envelope } from './envelope.ts';
import { areaCodeField, fields, opt, phoneField, text } from './form-fields.ts';

/** Longest message text, in characters (a frame of it in Urdu stays well under WS_MAX_FRAME_BYTES). */
export const CHAT_TEXT_MAX = 1000;
/** Largest image upload; it is re-encoded (JPEG, at most CHAT_IMAGE_MAX_SIDE a side, no metadata). */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_MAX_SIDE = 1600;
/** Messages one sender may send in a minute (text and images together). */
export const CHAT_PER_MINUTE = 30;
/** Largest history page. */
export const CHAT_PAGE_MAX = 100;
/** A client id: what the sender generates once per message (a retry sends it again). */
export const CHAT_CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,40}$';
/** The header that carries a guest's chat token on REST calls. */
export const CHAT_GUEST_HEADER = 'x-chat-guest';
export const CHAT_WS_PATH = '/api/ws/service';
export const CONSOLE_CHAT_WS_PATH = '/admin/api/ws/service';

const strict = { additionalProperties: false } as const;
const seqField = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const clientIdField = Type.String({ pattern: CHAT_CLIENT_ID_PATTERN });
// Room beyond the limit, so an overlong text gets the clear "at most 1000 characters" (chat-rules.ts).
const textField = Type.String({ minLength: 1, maxLength: CHAT_TEXT_MAX * 2 });
const convField = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const clientTime = Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const ChatSide = Type.Union([Type.Literal('user'), Type.Literal('operator')]);
export type ChatSide = Static<typeof ChatSide>;

export const ChatMessage = Type.Object(
  {
    id: Type.Integer(),
    conversationId: Type.Integer(),
    seq: Type.Integer({ description: 'Order in the conversation, 1, 2, 3 …' }),
    side: ChatSide,
    kind: Type.Union([Type.Literal('text'), Type.Literal('image')]),
    text: Type.String({ description: 'The text; empty for an image.' }),
    clientId: Type.String(),
    at: Type.Integer({ description: 'Epoch ms' }),
  },
  strict,
);
export type ChatMessage = Static<typeof ChatMessage>;

// ---- POST service/guest: a guest chat session for a phone (captcha first) ----
export const GuestChatBody = fields({
  areaCode: opt(areaCodeField),
  phone: phoneField,
  captchaId: text(1, 64),
  captcha: text(1, 12),
});
export type GuestChatBody = Static<typeof GuestChatBody>;
export const GuestChatReply = envelope(
  Type.Object({ token: Type.String(), expiresAt: Type.Integer({ description: 'Epoch ms' }) }, strict),
);

// ---- GET service/messages: a page of history, newest last ----
export const ChatHistoryQuery = fields({
  before: opt(text(1, 16, { pattern: '^[0-9]{1,15}$', description: 'Messages with seq below this' })),
  after: opt(text(1, 16, { pattern: '^[0-9]{1,15}$', description: 'Messages with seq above this' })),
  limit: opt(text(1, 3, { pattern: '^[1-9][0-9]{0,2}$' })),
});
export type ChatHistoryQuery = Static<typeof ChatHistoryQuery>;
export const ChatHistory = Type.Object(
  {
    conversationId: Type.Union([Type.Integer(), Type.Null()]),
    list: Type.Array(ChatMessage),
    /** the other side's read marker: the caller's messages up to it have been read */
    peerReadSeq: Type.Integer(),
    /** whether older messages remain (page on with before = the first seq) */
    more: Type.Boolean(),
  },
  strict,
);
export type ChatHistory = Static<typeof ChatHistory>;
export const ChatHistoryReply = envelope(ChatHistory);

// ---- GET service/unread ----
export const ChatUnreadReply = envelope(Type.Object({ unread: Type.Integer() }, strict));

// ---- POST service/image (multipart: clientId field + the file `image`) ----
export const ChatImageFields = fields({ clientId: text(8, 40, { pattern: CHAT_CLIENT_ID_PATTERN }) });
export const ChatMessageReply = envelope(ChatMessage);

// ---- the app's socket: the client's frames ----
export const ChatClientFrame = Type.Union([
  Type.Object(
    {
      op: Type.Literal('hello'),
      /** the access token of a signed-in user, or the guest token of service/guest */
      token: opt(Type.String({ minLength: 1, maxLength: 100 })),
      guest: opt(Type.String({ minLength: 1, maxLength: 100 })),
      /** the last seq the client holds: the server sends what came after (up to a page) */
      after: opt(seqField),
    },
    strict,
  ),
  Type.Object({ op: Type.Literal('send'), cid: clientIdField, text: textField }, strict),
  Type.Object({ op: Type.Literal('typing') }, strict),
  Type.Object({ op: Type.Literal('read'), seq: seqField }, strict),
  Type.Object({ op: Type.Literal('ping'), t: clientTime }, strict),
]);
export type ChatClientFrame = Static<typeof ChatClientFrame>;

// ---- the console's socket: the operator's frames (the cookie signs the socket in) ----
export const ConsoleChatFrame = Type.Union([
  Type.Object({ op: Type.Literal('send'), conv: convField, cid: clientIdField, text: textField }, strict),
  Type.Object({ op: Type.Literal('typing'), conv: convField }, strict),
  Type.Object({ op: Type.Literal('read'), conv: convField, seq: seqField }, strict),
  Type.Object({ op: Type.Literal('ping'), t: clientTime }, strict),
]);
export type ConsoleChatFrame = Static<typeof ConsoleChatFrame>;

/** What the server sends on both chat sockets. */
export type ChatServerFrame =
  | { op: 'ready'; conv: number | null; lastSeq: number; peerReadSeq: number }
  | { op: 'msg'; m: ChatMessage }
  | { op: 'typing'; conv: number; side: ChatSide }
  | { op: 'read'; conv: number; side: ChatSide; seq: number }
  | { op: 'pong'; t: number }
  /** a refused frame or message; `cid` names the refused send */
  | { op: 'err'; code: number; msg: string; cid?: string };

// ---- the console's inbox (GET /admin/api/service/conversations) ----
export const ConsoleConversation = Type.Object(
  {
    id: Type.Integer(),
    /** the user's account name, or the guest's phone */
    who: Type.String(),
    guest: Type.Boolean(),
    lastSeq: Type.Integer(),
    lastAt: Type.Integer({ description: 'Epoch ms' }),
    /** the user's messages the operators have not read */
    unread: Type.Integer(),
    /** the user's read marker */
    userReadSeq: Type.Integer(),
    assignedTo: Type.Union([Type.String(), Type.Null()]),
    mine: Type.Boolean(),
  },
  strict,
);
export type ConsoleConversation = Static<typeof ConsoleConversation>;
export const ConsoleConversationsReply = envelope(Type.Array(ConsoleConversation));
export const ConsoleConversationParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });
