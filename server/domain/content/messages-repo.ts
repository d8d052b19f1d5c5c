// Personal messages: made by events (events-to-messages.ts) inside the event's own transaction or right after
// it, one per (user, event_key) however often the event is retried; read by their owner only, every query is
// scoped by user_id, so another user's id reads and changes nothing.
import type { UserMessage } from '../../../contract/notice.ts';
import type { Db } from '../../db/database.ts';
import type { UserMessagesTable } from '../../db/schema.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import type { MessageParams } from '../../errors.ts';
import type { Translator } from '../../i18n/translator.ts';

export type MessageRow = Omit<UserMessagesTable, 'id' | 'params_json' | 'link' | 'pushed'> & {
  id: number;
  params_json: string;
  link: string;
};

export interface NewMessage {
  userId: number;
  /** deposit | withdraw | kyc | order … */
  kind: string;
  /** unique per user: e.g. `deposit:credited:42` */
  eventKey: string;
  /** a key of locales/<lang>/notice.json under `msg.`: its `title` and `body` are the message */
  textKey: string;
  params: MessageParams;
  /** an app route (contract/app-paths.ts) */
  link: string;
  now: number;
}

export async function insertMessage(db: Db, m: NewMessage): Promise<void> {
  await db
    .insertInto('user_messages')
    .values({
      user_id: m.userId,
      kind: m.kind,
      event_key: m.eventKey,
      text_key: m.textKey,
      params_json: JSON.stringify(m.params),
      link: m.link,
      read_at: null,
      created_at: m.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
    .execute();
}

export function toUserMessage(r: MessageRow, lang: Lang, t: Translator): UserMessage {
  const params = { ...(JSON.parse(r.params_json) as MessageParams) } as Record<string, string | number>;
  // An order's side is a word of the reader's language.
  if (params['side'] === 'buy' || params['side'] === 'sell')
    params['side'] = t.t(lang, `notice:side.${params['side']}`);
  // ---- ipo auto-apply: which of the user's accounts (real or demo), in the reader's language
  if (params['account'] === 'real' || params['account'] === 'demo')
    params['account'] = t.t(lang, `notice:account.${params['account']}`);
  return {
    id: r.id,
    kind: r.kind,
    title: t.t(lang, `notice:msg.${r.text_key}.title`, params),
    body: t.t(lang, `notice:msg.${r.text_key}.body`, params),
    link: r.link,
    read: r.read_at !== null,
    createdAt: r.created_at,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('user_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function ownMessages(db: Db, userId: number, page: number, size: number) {
  const base = db.selectFrom('user_messages').where('user_id', '=', userId);
  const [list, count, unread] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    unreadCount(db, userId),
  ]);
  return { list: list as MessageRow[], total: Number(count.n), unread };
}

/** Marks one own message (or every own message) read; returns whether the id was the caller's. */
export async function markRead(db: Db, userId: number, which: number | 'all', now: number): Promise<boolean> {
  if (which !== 'all') {
    const own = await db
      .selectFrom('user_messages')
      .select('id')
      .where('id', '=', which)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) return false;
  }
  let q = db
    .updateTable('user_messages')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which !== 'all') q = q.where('id', '=', which);
  await q.execute();
  return true;
}
