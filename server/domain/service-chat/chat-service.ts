// What the chat does, for the sockets and the REST routes alike: send a text or an image (cleaned, rate
// limited per sender, stored with the next seq, then published to every node), mark read, say "typing",
// read history. Parties are a user or guest (side 'user', their own conversation only) or an operator
// (side 'operator', any conversation).
import { CHAT_PAGE_MAX, type ChatMessage, type ChatSide } from '../../../contract/service.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import type { RateLimiter } from '../rate-limit/window-limiter.ts';
import { chatTextError, cleanChatText } from './chat-rules.ts';
import type { ChatHub } from './chat-hub.ts';
import { reencodeChatImage, storeChatImage } from './chat-images.ts';
import { appendMessage, listMessages, markRead, toChatMessage } from './chat-repo.ts';

/** Who is acting on a conversation. */
export interface ChatParty {
  conversationId: number;
  side: ChatSide;
  operatorId: number | null;
  /** the key of the sender's rate limit: `u:<conversation>` or `o:<operator>` */
  limitKey: string;
  /** a guest session sees only messages after this */
  fromSeq: number;
}

/** The most messages one catch-up sends; a longer absence pages the rest over REST. */
const CATCH_UP_MAX = 500;

export class ChatService {
  constructor(
    readonly db: Db,
    readonly hub: ChatHub,
    /** users and guests: CHAT_PER_MINUTE per conversation; operators: a larger budget each (they answer many) */
    private readonly limits: { user: RateLimiter; operator: RateLimiter },
    private readonly now: () => number = Date.now,
  ) {}

  async sendText(p: ChatParty, clientId: string, input: string): Promise<ChatMessage> {
    const clean = cleanChatText(input);
    if (!clean.ok) throw new AppError(chatTextError(clean.reason));
    return this.store(p, clientId, 'text', clean.text, null);
  }

  async sendImage(p: ChatParty, clientId: string, bytes: Buffer): Promise<ChatMessage> {
    // A retry of an image already stored costs no second re-encode or file.
    const dup = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', p.conversationId)
      .where('side', '=', p.side)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (dup) {
      if (dup.kind !== 'image') throw new AppError('service.clientIdReused');
      return toChatMessage(dup);
    }
    const jpeg = await reencodeChatImage(bytes);
    const key = await storeChatImage(this.db, jpeg);
    return this.store(p, clientId, 'image', '', key);
  }

  private async store(
    p: ChatParty,
    clientId: string,
    kind: 'text' | 'image',
    body: string,
    imageKey: string | null,
  ): Promise<ChatMessage> {
    refuseIfLimited(await this.limits[p.side].take(p.limitKey));
    const { message } = await appendMessage(
      this.db,
      {
        conversationId: p.conversationId,
        side: p.side,
        operatorId: p.operatorId,
        kind,
        body,
        imageKey,
        clientId,
      },
      this.now(),
    );
    const m = toChatMessage(message);
    // Published again for a resend too: a sender whose first answer was lost still hears it (streams dedupe).
    this.hub.publish({ t: 'msg', m });
    return m;
  }

  /** Refuses (service.messageMissing) a seq past the conversation's last message: no such message was sent. */
  async read(p: ChatParty, seq: number): Promise<void> {
    const { marker, lastSeq } = await markRead(this.db, p.conversationId, p.side, seq);
    if (seq > lastSeq) throw new AppError('service.messageMissing');
    if (marker >= seq) this.hub.publish({ t: 'read', conv: p.conversationId, side: p.side, seq: marker });
  }

  typing(p: ChatParty): void {
    this.hub.publish({ t: 'typing', conv: p.conversationId, side: p.side });
  }

  /** A history page (seq order) of what `p` may see. */
  async page(p: ChatParty, before: number | undefined, limit: number) {
    const q = { after: p.fromSeq, before, limit: Math.min(Math.max(limit, 1), CHAT_PAGE_MAX) };
    const { list, more } = await listMessages(this.db, p.conversationId, q);
    return { list: list.map(toChatMessage), more };
  }

  /** Messages with seq in (after, before), ascending, at most CATCH_UP_MAX (for a stream). */
  async between(p: ChatParty, after: number, before: number): Promise<ChatMessage[]> {
    const out: ChatMessage[] = [];
    let from = Math.max(after, p.fromSeq);
    while (out.length < CATCH_UP_MAX) {
      const { list, more } = await listMessages(this.db, p.conversationId, {
        after: from,
        limit: CHAT_PAGE_MAX,
      });
      for (const r of list) if (r.seq < before) out.push(toChatMessage(r));
      const lastRow = list[list.length - 1];
      if (!more || !lastRow || lastRow.seq >= before - 1) break;
      from = lastRow.seq;
    }
    return out;
  }
}
