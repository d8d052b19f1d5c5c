// The chat of one user or guest: the newest history page over REST, then the socket (/api/ws/service) from the
// last seq held, so a reconnect catches up with what it missed; messages are kept by seq (a repeat replaces
// itself, the order is the server's). A text waits in `pending` until the server's copy comes back with its
// client id; texts still pending when the socket drops are sent again on reconnect with the same id (the
// server stores them once). Images go over REST. Typing and read markers both ways.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_WS_PATH, type ChatMessage, type ChatServerFrame } from '../../../contract/service.ts';
import { WS_ERR } from '../../../contract/ws-codes.ts';
import { fetchHistory, helloOf, newClientId, uploadImage, type ChatWho } from './chat-api.ts';

export interface PendingText {
  clientId: string;
  text: string;
}

export interface ChatState {
  status: 'loading' | 'live' | 'offline' | 'ended';
  messages: ChatMessage[];
  pending: PendingText[];
  /** the operators have read the user's messages up to this seq */
  peerReadSeq: number;
  peerTyping: boolean;
  more: boolean;
  /** the last refusal (a send or an image), in the user's language */
  error: string | null;
}

const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_500;
/** A text the server refused as busy goes again after this. */
const BUSY_RESEND_MS = 2_000;

export function useChat(who: ChatWho | null) {
  const [state, setState] = useState<ChatState>({
    status: 'loading',
    messages: [],
    pending: [],
    peerReadSeq: 0,
    peerTyping: false,
    more: false,
    error: null,
  });
  const socket = useRef<WebSocket | null>(null);
  const bySeq = useRef(new Map<number, ChatMessage>());
  const pending = useRef<PendingText[]>([]);
  const lastTyping = useRef(0);
  const lastRead = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const publish = useCallback((patch: Partial<ChatState> = {}) => {
    const messages = [...bySeq.current.values()].sort((a, b) => a.seq - b.seq);
    setState((s) => ({ ...s, ...patch, messages, pending: [...pending.current] }));
  }, []);

  const take = useCallback((list: readonly ChatMessage[]) => {
    for (const m of list) {
      bySeq.current.set(m.seq, m);
      pending.current = pending.current.filter((p) => p.clientId !== m.clientId);
    }
  }, []);

  useEffect(() => {
    if (!who) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let resend: ReturnType<typeof setTimeout> | undefined;
    let backoff = 500;
    const lastSeq = () => Math.max(0, ...bySeq.current.keys());
    const connect = () => {
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${proto}://${location.host}${CHAT_WS_PATH}`);
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ op: 'hello', ...helloOf(who), after: lastSeq() }));
      ws.onmessage = (ev) => {
        const f = JSON.parse(String(ev.data)) as ChatServerFrame;
        if (f.op === 'ready') {
          backoff = 500;
          for (const p of pending.current)
            ws.send(JSON.stringify({ op: 'send', cid: p.clientId, text: p.text }));
          publish({ status: 'live', peerReadSeq: Math.max(f.peerReadSeq, 0) });
        } else if (f.op === 'msg') {
          take([f.m]);
          publish(f.m.side === 'operator' ? { peerTyping: false } : {});
        } else if (f.op === 'read' && f.side === 'operator') {
          setState((s) => ({ ...s, peerReadSeq: Math.max(s.peerReadSeq, f.seq) }));
        } else if (f.op === 'typing' && f.side === 'operator') {
          clearTimeout(typingTimer.current);
          setState((s) => ({ ...s, peerTyping: true }));
          typingTimer.current = setTimeout(
            () => setState((s) => ({ ...s, peerTyping: false })),
            TYPING_SHOWN_MS,
          );
        } else if (f.op === 'err') {
          // The server could not store it now: the text stays pending and goes again, same id, after a pause
          // (the server stores it once); a reconnect meanwhile sends it anyway.
          const busy =
            f.code === WS_ERR.busy && f.cid ? pending.current.find((p) => p.clientId === f.cid) : null;
          if (busy) {
            resend = setTimeout(() => {
              if (socket.current === ws && ws.readyState === WebSocket.OPEN && pending.current.includes(busy))
                ws.send(JSON.stringify({ op: 'send', cid: busy.clientId, text: busy.text }));
            }, BUSY_RESEND_MS);
            return;
          }
          if (f.cid) pending.current = pending.current.filter((p) => p.clientId !== f.cid);
          if (f.code === -1000) {
            stopped = true;
            publish({ status: 'ended', error: f.msg });
          } else publish({ error: f.msg });
        }
      };
      ws.onclose = () => {
        if (socket.current === ws) socket.current = null;
        if (stopped) return;
        setState((s) => ({ ...s, status: s.status === 'ended' ? 'ended' : 'offline' }));
        retry = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, 15_000);
      };
    };
    fetchHistory(who)
      .then((h) => {
        if (stopped) return;
        take(h.list);
        publish({ more: h.more, peerReadSeq: h.peerReadSeq });
        connect();
      })
      .catch((e: unknown) => {
        if (stopped) return;
        publish({ status: 'ended', error: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(resend);
      clearTimeout(typingTimer.current);
      socket.current?.close();
      socket.current = null;
    };
  }, [who, publish, take]);

  const sendText = useCallback(
    (text: string) => {
      const p = { clientId: newClientId(), text };
      pending.current = [...pending.current, p];
      publish({ error: null });
      const ws = socket.current;
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: 'send', cid: p.clientId, text }));
    },
    [publish],
  );

  const sendImage = useCallback(
    async (file: Blob) => {
      if (!who) return;
      try {
        const m = await uploadImage(who, newClientId(), file);
        take([m]);
        publish({ error: null });
      } catch (e) {
        publish({ error: e instanceof Error ? e.message : String(e) });
      }
    },
    [who, take, publish],
  );

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SENT_EVERY_MS) return;
    lastTyping.current = now;
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: 'typing' }));
  }, []);

  /** Tells the operators the user has seen everything up to the newest message. */
  const markRead = useCallback(() => {
    const seq = Math.max(0, ...bySeq.current.keys());
    const ws = socket.current;
    if (seq <= lastRead.current || ws?.readyState !== WebSocket.OPEN) return;
    lastRead.current = seq;
    ws.send(JSON.stringify({ op: 'read', seq }));
  }, []);

  const loadOlder = useCallback(async () => {
    if (!who) return;
    const first = Math.min(...bySeq.current.keys());
    if (!Number.isFinite(first)) return;
    const h = await fetchHistory(who, first);
    take(h.list);
    publish({ more: h.more });
  }, [who, take, publish]);

  return { state, sendText, sendImage, typing, markRead, loadOlder };
}
