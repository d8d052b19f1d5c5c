// The operators' inbox: conversations newest first, each with who it is (account or guest phone), the
// number of the user's messages no operator has read, and who it is assigned to.
import type { ConsoleConversation } from '../../../contract/service.ts';
import type { Db } from '../../db/database.ts';

const INBOX_MAX = 200;

export async function listInbox(db: Db, operatorId: number): Promise<ConsoleConversation[]> {
  const rows = await db
    .selectFrom('chat_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('operators as o', 'o.id', 'c.assigned_operator_id')
    .select((eb) => [
      'c.id',
      'c.guest_phone',
      'u.account',
      'c.last_seq',
      'c.last_at',
      'c.user_read_seq',
      'c.assigned_operator_id',
      'o.username',
      eb
        .selectFrom('chat_messages as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.side', '=', 'user')
        .whereRef('m.seq', '>', 'c.operator_read_seq')
        .as('unread'),
    ])
    .where('c.last_seq', '>', 0)
    .orderBy('c.last_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(INBOX_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    who: r.account ?? r.guest_phone ?? '',
    guest: r.guest_phone !== null,
    lastSeq: r.last_seq,
    lastAt: r.last_at,
    unread: Number(r.unread ?? 0),
    userReadSeq: r.user_read_seq,
    assignedTo: r.username ?? null,
    mine: r.assigned_operator_id === operatorId,
  }));
}
