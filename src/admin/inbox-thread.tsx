// One conversation in the support inbox: its history (REST, newest page) merged with the live messages by
// seq, a reply box (text over the socket, a photo over REST), the customer's typing and read marker,
// "assign to me". Marks what it shows as read.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  ChatHistory,
  ChatMessage,
  ChatServerFrame,
  ConsoleConversation,
} from '../../contract/service.ts';
import { WS_ERR } from '../../contract/ws-codes.ts';
import { apiGet, apiPost, ConsoleApiError } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

interface Props {
  conversation: ConsoleConversation;
  /** sends a frame on the console's chat socket; false while it is down */
  send: (frame: unknown) => boolean;
  subscribe: (l: (f: ChatServerFrame) => void) => () => void;
  onAssigned: () => void;
}

const cid = () => crypto.randomUUID();
/** A reply the server refused as busy goes again (same client id: stored once) after this. */
const BUSY_RESEND_MS = 2_000;

export function InboxThread({ conversation: c, send: sendFrame, subscribe, onAssigned }: Props) {
  const t = useT();
  const [msgs, setMsgs] = useState<ChatMessage[]>([]);
  const [userRead, setUserRead] = useState(c.userReadSeq);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  /** replies sent and not yet back from the server, by client id */
  const unsent = useRef(new Map<string, string>());

  const merge = useCallback((list: readonly ChatMessage[]) => {
    setMsgs((old) => {
      const by = new Map(old.map((m) => [m.seq, m]));
      for (const m of list) by.set(m.seq, m);
      return [...by.values()].sort((a, b) => a.seq - b.seq);
    });
  }, []);

  useEffect(() => {
    apiGet<ChatHistory>(`service/conversations/${c.id}/messages`).then(
      (h) => {
        merge(h.list);
        setUserRead(h.peerReadSeq);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const resends = new Set<ReturnType<typeof setTimeout>>();
    const stop = subscribe((f) => {
      if (f.op === 'msg' && f.m.conversationId === c.id) {
        unsent.current.delete(f.m.clientId);
        merge([f.m]);
        if (f.m.side === 'user') setTyping(false);
      } else if (f.op === 'read' && f.conv === c.id && f.side === 'user')
        setUserRead((r) => Math.max(r, f.seq));
      else if (f.op === 'typing' && f.conv === c.id) {
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), 4_000);
      } else if (f.op === 'err') {
        const text = f.cid === undefined ? undefined : unsent.current.get(f.cid);
        if (f.cid !== undefined && text !== undefined) {
          const id = f.cid;
          // Not stored now (busy): the reply goes again with the same id. Refused for itself: back in the box.
          if (f.code === WS_ERR.busy) {
            const timer = setTimeout(() => {
              resends.delete(timer);
              if (unsent.current.has(id)) sendFrame({ op: 'send', conv: c.id, cid: id, text });
            }, BUSY_RESEND_MS);
            resends.add(timer);
            return;
          }
          unsent.current.delete(id);
          setDraft((d) => d || text);
        }
        setError(f.msg);
      }
    });
    return () => {
      stop();
      clearTimeout(typingTimer);
      for (const timer of resends) clearTimeout(timer);
    };
  }, [c.id, merge, subscribe, sendFrame]);

  const last = msgs[msgs.length - 1]?.seq ?? 0;
  useEffect(() => {
    if (last > 0) sendFrame({ op: 'read', conv: c.id, seq: last });
  }, [last, c.id, sendFrame]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const id = cid();
    if (!sendFrame({ op: 'send', conv: c.id, cid: id, text })) return;
    unsent.current.set(id, text);
    setDraft('');
  };
  const sendImage = async (f: File) => {
    const form = new FormData();
    form.append('clientId', cid());
    form.append('image', f, 'image');
    const res = await fetch(`/admin/api/service/conversations/${c.id}/image`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-console': '1' },
      body: form,
    });
    const body = (await res.json()) as { code: number; msg: string; data: ChatMessage };
    if (body.code !== 0) return setError(body.msg);
    merge([body.data]);
  };
  const assign = () =>
    apiPost(`service/conversations/${c.id}/assign`).then(onAssigned, (e: unknown) =>
      setError(e instanceof ConsoleApiError ? e.message : String(e)),
    );
  const lastOurs = [...msgs].reverse().find((m) => m.side === 'operator');

  return (
    <div className={s.thread} data-testid="inbox-thread">
      <div className={s.inline}>
        <strong>
          <bdi dir="ltr">{c.who}</bdi>
        </strong>
        {!c.mine && (
          <button
            type="button"
            className={s.secondary}
            onClick={() => void assign()}
            data-testid="inbox-assign"
          >
            {t('inbox.assignMe')}
          </button>
        )}
      </div>
      <ol className={s.messages}>
        {msgs.map((m) => (
          <li
            key={m.seq}
            className={m.side === 'user' ? s.fromUser : s.fromSupport}
            data-testid="inbox-message"
          >
            <span className={s.who}>{m.side === 'user' ? t('inbox.customer') : t('inbox.support')}</span>
            {m.kind === 'image' ? (
              <img
                src={`/admin/api/service/image/${m.id}`}
                alt=""
                className={s.chatImage}
                data-testid="inbox-image"
              />
            ) : (
              <p className={s.chatText}>{m.text}</p>
            )}
            <time className={s.who} dir="ltr" dateTime={new Date(m.at).toISOString()}>
              {new Date(m.at).toLocaleString()}
            </time>
            {m === lastOurs && userRead >= m.seq && (
              <span className={s.who} data-testid="inbox-read">
                {t('inbox.read')}
              </span>
            )}
          </li>
        ))}
      </ol>
      {typing && (
        <p className={s.note} data-testid="inbox-typing">
          {t('inbox.typing')}
        </p>
      )}
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      <form className={s.replyForm} onSubmit={send}>
        <label className={s.field}>
          {t('inbox.reply')}
          <textarea
            className={s.input}
            value={draft}
            maxLength={1000}
            data-testid="inbox-input"
            onChange={(e) => {
              setDraft(e.target.value);
              const now = Date.now();
              if (now - lastTyping.current > 2_500) {
                lastTyping.current = now;
                sendFrame({ op: 'typing', conv: c.id });
              }
            }}
          />
        </label>
        <button type="submit" className={s.primary} data-testid="inbox-send">
          {t('inbox.send')}
        </button>
        <button type="button" className={s.secondary} onClick={() => file.current?.click()}>
          {t('inbox.image')}
        </button>
        <input
          ref={file}
          type="file"
          hidden
          accept="image/jpeg,image/png,image/webp"
          data-testid="inbox-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void sendImage(f);
            e.target.value = '';
          }}
        />
      </form>
    </div>
  );
}
