// Price alerts and Web Push (issue 19 item 6) — calls added to the spec's catalogue:
//   GET  user/alert/list         the caller's alerts (active and switched off), newest first, with the cap
//   POST user/alert/add          a new alert on a stock, an index or a pair (at most MAX_ACTIVE_ALERTS active)
//   POST user/alert/del          deletes one own alert (another user's id is "not found" and changes nothing)
//   GET  user/push/key           the server's VAPID public key (applicationServerKey of PushManager.subscribe)
//   POST user/push/subscribe     stores this device's push subscription for the caller (endpoint unique)
//   POST user/push/unsubscribe   removes it
// Kinds: `above` (last price >= value), `below` (last price <= value), `change` (|change since the previous
// close| >= value %, either way). `above` must be set over the current price and `below` under it, so an
// alert always waits for a crossing. A one-shot alert switches off when it fires; `repeat=1` keeps it on and
// it fires again after the price has gone back across its value. Alerts belong to the user (the same list in
// real and demo mode: a price is the same for both).
import { Type, type Static } from 'typebox';
import { envelope, EpochMs } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';

/** Active alerts one user may have at once (issue 19: "at most 200 active"). */
export const MAX_ACTIVE_ALERTS = 200;
/** The largest percent a `change` alert may name. */
export const MAX_CHANGE_PERCENT = 100;

export const ALERT_KINDS = ['above', 'below', 'change'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const Alert = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  kind: Type.Union([Type.Literal('above'), Type.Literal('below'), Type.Literal('change')]),
  value: Type.String({ description: 'the price (above / below) or the percent (change) as set' }),
  repeat: Type.Boolean({ description: 'stays on after firing (fires again after the price went back)' }),
  active: Type.Boolean({ description: 'false once a one-shot alert fired' }),
  firedCount: Type.Integer({ minimum: 0 }),
  lastFiredAt: Type.Union([EpochMs(), Type.Null()]),
  createdAt: EpochMs(),
  link: Type.String({ description: "the symbol's page in the app" }),
});
export type Alert = Static<typeof Alert>;

export const AlertList = Type.Object({
  list: Type.Array(Alert),
  maxActive: Type.Integer({ description: 'the cap on active alerts per user' }),
  repeatCooldownMinutes: Type.Integer({
    minimum: 0,
    description:
      'a repeating alert fires at most once in this many minutes (setting alerts.repeatCooldownMinutes)',
  }),
});
export type AlertList = Static<typeof AlertList>;
export const AlertListReply = envelope(AlertList);

export const AlertAddBody = fields({
  symbol: text(1, 20, { pattern: '^[A-Z0-9._-]{1,20}$' }),
  kind: oneOf([...ALERT_KINDS], 1, 6),
  value: decimalString({ maxIntDigits: 9, maxScale: 8, description: 'a price, or a percent for change' }),
  repeat: opt(oneOf(['0', '1'], 1, 1, { default: '0' })),
});
export type AlertAddBody = Static<typeof AlertAddBody>;
export const AlertReply = envelope(Alert);

export const AlertDelBody = fields({ id: idString });
export type AlertDelBody = Static<typeof AlertDelBody>;
export const AlertDelReply = envelope(
  Type.Object({ id: Type.Integer({ description: 'the deleted alert' }) }),
);

export const PushKey = Type.Object({
  publicKey: Type.String({ description: 'VAPID public key, URL-safe base64 (uncompressed P-256 point)' }),
});
export type PushKey = Static<typeof PushKey>;
export const PushKeyReply = envelope(PushKey);

const b64url = (max: number) => text(1, max, { pattern: '^[A-Za-z0-9_-]+={0,2}$' });
export const PushSubscribeBody = fields({
  endpoint: text(10, 1000, { pattern: '^https?://', description: "the subscription's endpoint URL" }),
  p256dh: b64url(200),
  auth: b64url(100),
});
export type PushSubscribeBody = Static<typeof PushSubscribeBody>;
export const PushUnsubscribeBody = fields({ endpoint: text(10, 1000) });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;
export const PushDoneReply = envelope(
  Type.Object({ devices: Type.Integer({ minimum: 0, description: "the caller's subscribed devices" }) }),
);

/** What the service worker receives in a push (JSON): shown as a notification; a tap opens `url`. */
export interface PushPayload {
  title: string;
  body: string;
  /** an app path (the symbol's page) */
  url: string;
  /** notifications with one tag replace each other (one per alert) */
  tag: string;
}

// ---- push for personal messages (issue 19): user/push/prefs, user/push/prefs/set
//   GET  user/push/prefs       which kinds of personal message reach the caller's devices as push (all by default)
//   POST user/push/prefs/set   turns kinds off (`off`: the kinds not wanted, comma-separated; empty: all on)
// A kind here groups message kinds (server/domain/content message `kind`): money = deposits and withdrawals,
// robot = robots and funds, liquidation = a derivative position closed by the exchange.
export const PUSH_KINDS = ['order', 'money', 'kyc', 'ipo', 'loan', 'robot', 'liquidation', 'alert'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

const KIND_OF_MESSAGE: Readonly<Record<string, PushKind>> = {
  order: 'order',
  deposit: 'money',
  withdraw: 'money',
  kyc: 'kyc',
  ipo: 'ipo',
  // ---- ico: token-sale distributions and listings share the IPO switch (primary markets)
  ico: 'ipo',
  loan: 'loan',
  robot: 'robot',
  fund: 'robot',
  liquidation: 'liquidation',
  perp: 'liquidation',
  // the contract panel's messages (today only a liquidation or deleveraging: server/domain/perp/perp-notice.ts)
  contract: 'liquidation',
  alert: 'alert',
};

/** The push kind of a personal message's kind; a kind not listed is its own (always pushed: no switch). */
export function pushKindOf(messageKind: string): string {
  return KIND_OF_MESSAGE[messageKind] ?? messageKind;
}

export const PushPrefs = Type.Object({
  kinds: Type.Array(
    Type.Object({
      kind: Type.Enum([...PUSH_KINDS], { type: 'string' }),
      on: Type.Boolean(),
    }),
  ),
});
export type PushPrefs = Static<typeof PushPrefs>;
export const PushPrefsReply = envelope(PushPrefs);
export const PushPrefsBody = fields({
  off: text(0, 200, {
    pattern: '^([a-z]{1,20}(,[a-z]{1,20}){0,19})?$',
    description: 'the kinds not wanted as push, comma-separated (PUSH_KINDS); empty: every kind',
  }),
});
export type PushPrefsBody = Static<typeof PushPrefsBody>;
// ---- end push for personal messages
