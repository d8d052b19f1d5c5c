// The WebSocket contract: what a client may send on the market socket (/api/ws) and on the private account
// socket (/api/ws/account), as TypeBox schemas the server validates every frame against before acting on it,
// and the limits both ends keep. Only an object with exactly these fields and types is acted on; anything else
// (null, arrays, numbers given as objects, prototype keys, extra fields, oversized names) is refused.
// Server → client messages are described in workers/protocol/market.ts and workers/protocol/trade.ts; the
// `err` frame both sockets send is here (WsErrFrame), its codes in ./ws-codes.ts.
import { Type, type Static } from 'typebox';
import { WS_ERR, type WsErrCode } from './ws-codes.ts';

export { WS_ERR, WS_ERR_CODES, type WsErrCode } from './ws-codes.ts';

/** Largest text frame a client may send; a larger one closes the socket (1009) before it is buffered. */
export const WS_MAX_FRAME_BYTES = 8 * 1024;
/** Channels one market socket may hold at once; the app uses the three ticker channels and one chart's few. */
export const WS_MAX_CHANNELS = 50;
/** Longest channel name (`candles:<symbol>:<interval>` with the longest symbol is well under this). */
export const WS_MAX_CHANNEL_NAME = 48;

const channelName = Type.String({ minLength: 1, maxLength: WS_MAX_CHANNEL_NAME });
const channelList = Type.Array(channelName, { minItems: 1, maxItems: WS_MAX_CHANNELS });
/** The client's clock in ms, echoed back in `pong` for the round-trip time. */
const clientTime = Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const strict = { additionalProperties: false } as const;

export const MarketClientFrame = Type.Union([
  Type.Object({ op: Type.Literal('sub'), ch: channelList }, strict),
  Type.Object({ op: Type.Literal('unsub'), ch: channelList }, strict),
  Type.Object({ op: Type.Literal('ping'), t: clientTime }, strict),
]);
export type MarketClientFrame = Static<typeof MarketClientFrame>;

/** The account channel's one name. */
export const ACCOUNT_CHANNEL_NAME = 'account';

export const AccountClientFrame = Type.Union([
  Type.Object(
    {
      op: Type.Literal('sub'),
      ch: Type.Array(Type.Literal(ACCOUNT_CHANNEL_NAME), { minItems: 1, maxItems: 1 }),
      /** The access token of the real or demo account (in the frame, never the URL, so logs never hold it). */
      token: Type.String({ minLength: 1, maxLength: 100 }),
    },
    strict,
  ),
  Type.Object(
    {
      op: Type.Literal('unsub'),
      ch: Type.Optional(Type.Array(Type.Literal(ACCOUNT_CHANNEL_NAME), { maxItems: 1 })),
    },
    strict,
  ),
  Type.Object({ op: Type.Literal('ping'), t: clientTime }, strict),
]);
export type AccountClientFrame = Static<typeof AccountClientFrame>;

/** What both sockets send when they refuse something: `code` says what the client does (ws-codes.ts). */
export const WsErrFrame = Type.Object(
  {
    op: Type.Literal('err'),
    /** the channel refused; absent for a frame-level or session refusal on the market socket */
    ch: Type.Optional(Type.String({ maxLength: WS_MAX_CHANNEL_NAME })),
    code: Type.Union([
      Type.Literal(WS_ERR.sessionEnded),
      Type.Literal(WS_ERR.badFrame),
      Type.Literal(WS_ERR.rateLimited),
      Type.Literal(WS_ERR.busy),
      Type.Literal(WS_ERR.unknownChannel),
      Type.Literal(WS_ERR.tooManyChannels),
      Type.Literal(WS_ERR.authTimeout),
    ]),
    /** localised for the user (Accept-Language of the socket's upgrade request) */
    msg: Type.String(),
  },
  strict,
);
export type WsErrFrame = Static<typeof WsErrFrame>;

// Every code of ws-codes.ts is in the frame's schema (a new code fails to compile until it is added above).
type Missing = Exclude<WsErrCode, WsErrFrame['code']>;
export const WS_ERR_SCHEMA_COMPLETE: Missing extends never ? true : never = true;
