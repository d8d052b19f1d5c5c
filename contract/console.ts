// The operator console's API (/admin/api/*): requests (form-encoded strings, like the app's) and answers. The
// console is its own bundle (src/admin/), never linked from the app; operators sign in with password + TOTP and
// hold an HttpOnly cookie; every state-changing call also sends the header `x-console: 1` (CSRF).
import { Type, type Static } from 'typebox';
import { envelope, EpochMs, NullData } from './envelope.ts';
import { fields, idString, opt, text } from './form-fields.ts';

export const CONSOLE_HEADER = 'x-console';
export const CONSOLE_COOKIE = 'console_session';
export const CONSOLE_ROLES = ['kyc', 'finance', 'support', 'manager', 'admin'] as const;

export const ConsoleLoginBody = fields({
  username: text(1, 64),
  password: text(1, 128),
  code: text(1, 6, { pattern: '^[0-9]{6}$', description: 'The 6-digit TOTP code of the operator.' }),
});
export type ConsoleLoginBody = Static<typeof ConsoleLoginBody>;

export const ConsoleOperator = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  roles: Type.Array(
    Type.Union([
      Type.Literal('kyc'),
      Type.Literal('finance'),
      Type.Literal('support'),
      Type.Literal('manager'),
      Type.Literal('admin'),
    ]),
  ),
});
export type ConsoleOperator = Static<typeof ConsoleOperator>;
export const ConsoleMeReply = envelope(ConsoleOperator);
export const ConsoleDoneReply = envelope(NullData);

/** One labelled value of a queue item; `label` is a text key of the console (src/admin/texts.ts). */
const QueueField = Type.Object({ label: Type.String(), value: Type.String() });
/** A photo of the item, fetched from the console API (same origin, cookie). */
const QueueImage = Type.Object({ label: Type.String(), url: Type.String() });

/** Any queue's item (KYC submission, deposit, withdrawal): what the generic queue page shows. */
export const QueueItem = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  title: Type.String({ description: 'e.g. the full name or the amount' }),
  subtitle: Type.String(),
  createdAt: EpochMs(),
  fields: Type.Array(QueueField),
  images: Type.Array(QueueImage),
});
export type QueueItem = Static<typeof QueueItem>;
export const QueuePage = Type.Object({
  list: Type.Array(QueueItem),
  /** pass as `before` for the next page; null at the end */
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type QueuePage = Static<typeof QueuePage>;
export const QueueListReply = envelope(QueuePage);
export const QueueItemReply = envelope(QueueItem);
export const QueueListQuery = fields({
  before: opt(idString),
  status: opt(text(1, 16, { pattern: '^[a-z]+$' })),
});
export const QueueIdParams = fields({ id: idString });
/** up to 66: an ERC20 / BEP20 transaction hash is 0x + 64 hex */
export const ApproveBody = fields({ reference: opt(text(0, 66)) });
export const RejectBody = fields({ reason: text(1, 200) });

export const SettingItem = Type.Object({
  key: Type.String(),
  doc: Type.String(),
  /** JSON schema of the value (its type) */
  type: Type.String(),
  /** the current value, as JSON */
  value: Type.String(),
  money: Type.Boolean({ description: 'finance may change it too' }),
});
export type SettingItem = Static<typeof SettingItem>;
export const SettingsReply = envelope(Type.Array(SettingItem));
export const SettingWriteBody = fields({ key: text(1, 64), value: text(1, 2000) });

export const AuditItem = Type.Object({
  id: Type.Integer(),
  operatorId: Type.Union([Type.Integer(), Type.Null()]),
  source: Type.String(),
  action: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.String(),
  before: Type.String({ description: 'JSON' }),
  after: Type.String({ description: 'JSON' }),
  createdAt: EpochMs(),
});
export type AuditItem = Static<typeof AuditItem>;
export const AuditReply = envelope(
  Type.Object({ list: Type.Array(AuditItem), next: Type.Union([Type.Integer(), Type.Null()]) }),
);
export const AuditQuery = fields({
  before: opt(idString),
  subjectType: opt(text(1, 32)),
  subjectId: opt(text(1, 64)),
  operatorId: opt(idString),
});

export const LookupQuery = fields({ q: text(1, 16, { description: 'user id or Pakistani mobile number' }) });
export const LookupResult = Type.Object({
  userId: Type.Integer(),
  phone: Type.String(),
  idStatus: Type.String(),
  createdAt: EpochMs(),
  accounts: Type.Array(
    Type.Object({
      accountId: Type.Integer(),
      type: Type.String(),
      available: Type.String(),
      frozen: Type.String(),
    }),
  ),
  submissions: Type.Array(
    Type.Object({ id: Type.Integer(), status: Type.String(), reason: Type.String(), createdAt: EpochMs() }),
  ),
  // ---- loans (issue 18): the credit score now and the newest loans
  credit: Type.Object({ score: Type.Integer(), tier: Type.String() }),
  loans: Type.Array(
    Type.Object({
      id: Type.Integer(),
      status: Type.String(),
      amount: Type.String(),
      total: Type.String(),
      dueAt: Type.Union([EpochMs(), Type.Null()]),
      lateDays: Type.Integer(),
    }),
  ),
});
export type LookupResult = Static<typeof LookupResult>;
export const LookupReply = envelope(LookupResult);
