// The chat itself, for users and guests alike: the messages (the user's on the end side, support's on the
// start side, mirrored in Urdu), each with its chat time (spec §5 rules: formatChatTime), "read" under the
// user's newest message the operators have read, support's typing, a reconnecting note, and the composer
// (text, and a photo picked from the device).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX, type ChatMessage } from '../../../contract/service.ts';
import { formatChatTime } from '../../shared/format/dates.ts';
import { isLang } from '../../shared/i18n/i18n.ts';
import { fetchImageUrl, type ChatWho } from './chat-api.ts';
import s from './chat-view.module.css';
import { useChat } from './use-chat.ts';

function ChatImage({ who, id }: { who: ChatWho; id: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    let made: string | null = null;
    fetchImageUrl(who, id)
      .then((u) => {
        made = u;
        if (!gone) setUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => {});
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [who, id]);
  return url ? (
    <img className={s.image} src={url} alt={t('service:imageAlt')} data-testid="chat-image" />
  ) : (
    <span className={s.meta}>{t('service:imageLoading')}</span>
  );
}

function Bubble({ m, who, now, read }: { m: ChatMessage; who: ChatWho; now: number; read: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ur-PK';
  const mine = m.side === 'user';
  return (
    <li className={mine ? s.mine : s.theirs} data-testid="chat-message" data-side={m.side} data-seq={m.seq}>
      <span className="sr-only">{mine ? t('service:you') : t('service:support')}: </span>
      {m.kind === 'image' ? <ChatImage who={who} id={m.id} /> : <p className={s.text}>{m.text}</p>}
      <span className={s.meta}>
        <time dateTime={new Date(m.at).toISOString()} dir="ltr">
          {formatChatTime(m.at, now, lang)}
        </time>
        {read && <span data-testid="chat-read"> · {t('service:read')}</span>}
      </span>
    </li>
  );
}

export function ChatView({ who }: { who: ChatWho }) {
  const { t } = useTranslation();
  const { state, sendText, sendImage, typing, markRead, loadOlder } = useChat(who);
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const file = useRef<HTMLInputElement>(null);
  // The clock the chat times are read against, moved on every minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  const count = state.messages.length + state.pending.length;

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
    if (document.visibilityState === 'visible') markRead();
  }, [count, state.status, markRead]);

  const lastMine = [...state.messages].reverse().find((m) => m.side === 'user');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    sendText(text);
    setDraft('');
  };

  return (
    <div className={s.chat} data-testid="chat" data-status={state.status}>
      {state.status === 'offline' && (
        <p className={s.note} role="status">
          {t('service:offline')}
        </p>
      )}
      <ol className={s.list} ref={list} aria-live="polite">
        {state.more && (
          <li className={s.older}>
            <button type="button" className="btn btn--ghost" onClick={() => void loadOlder()}>
              {t('service:older')}
            </button>
          </li>
        )}
        {count === 0 && state.status !== 'loading' && <li className={s.empty}>{t('service:empty')}</li>}
        {state.messages.map((m) => (
          <Bubble key={m.seq} m={m} who={who} now={now} read={m === lastMine && state.peerReadSeq >= m.seq} />
        ))}
        {state.pending.map((p) => (
          <li key={p.clientId} className={s.mine} data-testid="chat-pending">
            <p className={s.text}>{p.text}</p>
            <span className={s.meta}>{t('service:sending')}</span>
          </li>
        ))}
      </ol>
      {state.peerTyping && (
        <p className={s.typing} data-testid="chat-typing">
          {t('service:typing')}
        </p>
      )}
      {state.error && (
        <p className={s.error} role="alert" data-testid="chat-error">
          {state.error}
        </p>
      )}
      <form className={s.composer} onSubmit={submit}>
        <button
          type="button"
          className={s.attach}
          aria-label={t('service:image')}
          data-testid="chat-attach"
          disabled={state.status === 'ended'}
          onClick={() => file.current?.click()}
        >
          +
        </button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="chat-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void sendImage(f);
            e.target.value = '';
          }}
        />
        <textarea
          className={s.input}
          aria-label={t('service:messageLabel')}
          placeholder={t('service:placeholder')}
          value={draft}
          rows={1}
          maxLength={CHAT_TEXT_MAX}
          data-testid="chat-input"
          onChange={(e) => {
            setDraft(e.target.value);
            typing();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button
          type="submit"
          className="btn btn--primary"
          data-testid="chat-send"
          disabled={state.status === 'ended' || draft.trim() === ''}
        >
          {t('service:send')}
        </button>
      </form>
    </div>
  );
}
