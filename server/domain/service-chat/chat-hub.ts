// The chat's fan-out across nodes: every change (a message, typing, a read marker) is published on one bus
// channel after its transaction commits, and each node hands it to its own sockets: the parties of that
// conversation and every operator socket. The bus is at most once and orders only per publisher, so each
// socket keeps a cursor per conversation (chat-stream.ts) that drops repeats and fills gaps from the database.
import type { ChatMessage, ChatSide } from '../../../contract/service.ts';
import type { Bus } from '../bus/bus.ts';

export const CHAT_BUS_CHANNEL = 'service:chat';

export type ChatEvent =
  | { t: 'msg'; m: ChatMessage }
  | { t: 'typing'; conv: number; side: ChatSide }
  | { t: 'read'; conv: number; side: ChatSide; seq: number };

export const convOf = (e: ChatEvent): number => (e.t === 'msg' ? e.m.conversationId : e.conv);

type Listener = (e: ChatEvent) => void;

export class ChatHub {
  private readonly byConv = new Map<number, Set<Listener>>();
  private readonly all = new Set<Listener>();
  private readonly stop: () => void;

  constructor(
    private readonly bus: Bus,
    private readonly onError: (err: unknown) => void,
  ) {
    this.stop = bus.subscribe(CHAT_BUS_CHANNEL, (raw) => this.deliver(raw));
  }

  publish(e: ChatEvent): void {
    this.bus.publish(CHAT_BUS_CHANNEL, JSON.stringify(e));
  }

  /** Events of one conversation (a user's or guest's socket). */
  watch(conv: number, fn: Listener): () => void {
    const set = this.byConv.get(conv) ?? new Set();
    set.add(fn);
    this.byConv.set(conv, set);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.byConv.get(conv) === set) this.byConv.delete(conv);
    };
  }

  /** Events of every conversation (an operator's socket). */
  watchAll(fn: Listener): () => void {
    this.all.add(fn);
    return () => this.all.delete(fn);
  }

  close(): void {
    this.stop();
  }

  private deliver(raw: string): void {
    let e: ChatEvent;
    try {
      e = JSON.parse(raw) as ChatEvent;
    } catch (err) {
      return this.onError(err);
    }
    const listeners = [...(this.byConv.get(convOf(e)) ?? []), ...this.all];
    for (const fn of listeners) {
      try {
        fn(e);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
