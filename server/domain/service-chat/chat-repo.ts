// The chat's storage: conversations (one per user, one per guest phone), messages with their per-conversation
// sequence, read markers per side and the operator a conversation is assigned to. Portable Kysely (SQLite and
// PostgreSQL). A message is appended in one transaction that moves the conversation's last_seq and inserts the
// row, so sequences have no gaps or repeats; a resend with the sender's client id returns the stored message.
import type { Selectable } from 'kysely';
import type { ChatMessage, ChatSide } from '../../../contract/service.ts';
import type { Db } from '../../db/database.ts';
import type { ChatConversationsTable, ChatMessagesTable } from '../../db/schema.ts';
import { inTx, READ_COMMITTED, isUniqueViolation } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;

/** Who a conversation belongs to. */
export type ChatOwner = { userId: number } | { guestPhone: string };

export function toChatMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    seq: r.seq,
    side: r.side,
    kind: r.kind,
    text: r.body,
    clientId: r.client_id,
    at: r.created_at,
  };
}

export async function findConversation(db: Db, owner: ChatOwner): Promise<ConversationRow | undefined> {
  const q = db.selectFrom('chat_conversations').selectAll();
  return 'userId' in owner
    ? q.where('user_id', '=', owner.userId).executeTakeFirst()
    : q.where('guest_phone', '=', owner.guestPhone).executeTakeFirst();
}

export async function conversationById(db: Db, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's conversation, made on first use (two first uses at once share one). */
export async function openConversation(db: Db, owner: ChatOwner, now: number): Promise<ConversationRow> {
  const had = await findConversation(db, owner);
  if (had) return had;
  try {
    await db
      .insertInto('chat_conversations')
      .values({
        user_id: 'userId' in owner ? owner.userId : null,
        guest_phone: 'guestPhone' in owner ? owner.guestPhone : null,
        last_at: now,
        created_at: now,
      })
      .execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const row = await findConversation(db, owner);
  if (!row) throw new Error('chat: conversation vanished');
  return row;
}

export interface NewMessage {
  conversationId: number;
  side: ChatSide;
  operatorId: number | null;
  kind: 'text' | 'image';
  body: string;
  imageKey: string | null;
  clientId: string;
}

/**
 * Appends a message (the next seq), or returns the one stored under the same client id (`fresh` false). A
 * reused client id with other content is refused. The sender's own read marker moves to the new seq.
 */
export async function appendMessage(
  db: Db,
  m: NewMessage,
  now: number,
): Promise<{ message: MessageRow; fresh: boolean }> {
  const existing = (tx: Db) =>
    tx
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', m.conversationId)
      .where('side', '=', m.side)
      .where('client_id', '=', m.clientId)
      .executeTakeFirst();
  const same = (r: MessageRow) => {
    if (r.kind !== m.kind || (m.kind === 'text' && r.body !== m.body))
      throw new AppError('service.clientIdReused');
    return { message: r, fresh: false };
  };
  try {
    // Read committed: the UPDATE of the conversation's last_seq locks its row, so two senders of one
    // conversation queue on it and take consecutive seqs; a resend racing itself fails on the client-id key and
    // is answered as a repeat. Serializable would add nothing here, but its predicate locks on chat_messages
    // (pages shared between conversations) made busy chats fail each other at commit: under load one send used
    // up its 12 tries and was lost (refused as busy).
    return await inTx(
      db,
      async (tx) => {
        const dup = await existing(tx);
        if (dup) return same(dup);
        const readCol = m.side === 'user' ? 'user_read_seq' : 'operator_read_seq';
        const c = await tx
          .updateTable('chat_conversations')
          .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_at: now }))
          .where('id', '=', m.conversationId)
          .returning(['last_seq'])
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('chat_conversations')
          .set({ [readCol]: c.last_seq })
          .where('id', '=', m.conversationId)
          .execute();
        const message = await tx
          .insertInto('chat_messages')
          .values({
            conversation_id: m.conversationId,
            seq: c.last_seq,
            side: m.side,
            operator_id: m.operatorId,
            kind: m.kind,
            body: m.body,
            image_key: m.imageKey,
            client_id: m.clientId,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { message, fresh: true };
      },
      READ_COMMITTED,
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const dup = await existing(db);
    if (!dup) throw err;
    return same(dup);
  }
}

export interface PageQuery {
  /** only messages with seq above this (what a guest session may see starts here too) */
  after: number;
  before?: number | undefined;
  limit: number;
}

/** Messages of a conversation in seq order: the newest `limit` below `before`, or the first `limit` after `after`. */
export async function listMessages(
  db: Db,
  conversationId: number,
  q: PageQuery,
): Promise<{ list: MessageRow[]; more: boolean }> {
  let sel = db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', q.after);
  if (q.before !== undefined) {
    sel = sel.where('seq', '<', q.before);
    const rows = await sel
      .orderBy('seq', 'desc')
      .limit(q.limit + 1)
      .execute();
    return { list: rows.slice(0, q.limit).reverse(), more: rows.length > q.limit };
  }
  const rows = await sel
    .orderBy('seq', 'asc')
    .limit(q.limit + 1)
    .execute();
  return { list: rows.slice(0, q.limit), more: rows.length > q.limit };
}

/**
 * Moves `side`'s read marker up to `seq` (never down, never past the last message). Returns the marker and the
 * conversation's last seq (0 and 0 when it does not exist).
 */
export async function markRead(
  db: Db,
  conversationId: number,
  side: ChatSide,
  seq: number,
): Promise<{ marker: number; lastSeq: number }> {
  const col = side === 'user' ? 'user_read_seq' : 'operator_read_seq';
  await db
    .updateTable('chat_conversations')
    .set({ [col]: seq })
    .where('id', '=', conversationId)
    .where(col, '<', seq)
    .where('last_seq', '>=', seq)
    .execute();
  const c = await conversationById(db, conversationId);
  return c ? { marker: c[col], lastSeq: c.last_seq } : { marker: 0, lastSeq: 0 };
}

/** Messages of the other side that `side` has not read. */
export async function unreadOf(db: Db, c: ConversationRow, side: ChatSide, after = 0): Promise<number> {
  const read = Math.max(side === 'user' ? c.user_read_seq : c.operator_read_seq, after);
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', c.id)
    .where('side', '!=', side)
    .where('seq', '>', read)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function assignConversation(db: Db, conversationId: number, operatorId: number): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ assigned_operator_id: operatorId })
    .where('id', '=', conversationId)
    .execute();
}

/** The message behind an image id, with its conversation (for the party check). */
export async function messageById(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
