// The support inbox (support role): conversations newest first with unread badges, live over the console's
// chat socket; the chosen conversation's thread (inbox-thread.tsx) beside it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatServerFrame, ConsoleConversation } from '../../contract/service.ts';
import { apiGet } from './api.ts';
import s from './console.module.css';
import { InboxSocket } from './inbox-socket.ts';
import { InboxThread } from './inbox-thread.tsx';
import { useT } from './lang.ts';

export function InboxPage() {
  const t = useT();
  const [list, setList] = useState<ConsoleConversation[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState('');
  const listeners = useRef(new Set<(f: ChatServerFrame) => void>());
  const socket = useRef<InboxSocket | null>(null);
  const [epoch, setEpoch] = useState(0);

  const reload = useCallback(() => {
    apiGet<ConsoleConversation[]>('service/conversations').then(
      (l) => {
        setList(l);
        setError('');
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // New messages and read markers change the list: reloaded at most every 300 ms.
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, 300);
    };
    const sock = new InboxSocket(
      (f) => {
        if (f.op === 'msg' || f.op === 'read') soon();
        for (const l of listeners.current) l(f);
      },
      () => {
        reload();
        setEpoch((n) => n + 1);
      },
    );
    socket.current = sock;
    return () => {
      clearTimeout(timer);
      sock.close();
    };
  }, [reload]);

  const subscribe = useCallback((l: (f: ChatServerFrame) => void) => {
    listeners.current.add(l);
    return () => listeners.current.delete(l);
  }, []);
  const send = useCallback((frame: unknown) => socket.current?.send(frame) ?? false, []);
  const current = list.find((c) => c.id === open);

  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title" className={s.heading}>
        {t('nav.inbox')}
      </h2>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      <div className={s.inboxGrid}>
        <ul className={s.list} data-testid="inbox-list">
          {list.length === 0 && <li className={s.note}>{t('inbox.empty')}</li>}
          {list.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={s.inboxItem}
                aria-current={c.id === open ? 'true' : undefined}
                data-testid="inbox-conversation"
                data-who={c.who}
                onClick={() => setOpen(c.id)}
              >
                <bdi dir="ltr">{c.who}</bdi>
                {c.guest && <span> · {t('inbox.guest')}</span>}
                {c.assignedTo && (
                  <span> · {c.mine ? t('inbox.mine') : `${t('inbox.assignedTo')} ${c.assignedTo}`}</span>
                )}
                {c.unread > 0 && (
                  <span
                    className={s.badge}
                    data-testid="inbox-unread"
                    aria-label={`${c.unread} ${t('inbox.unread')}`}
                  >
                    {c.unread}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {current ? (
          <InboxThread
            key={`${current.id}:${epoch}`}
            conversation={current}
            send={send}
            subscribe={subscribe}
            onAssigned={reload}
          />
        ) : (
          <p className={s.note}>{t('inbox.pick')}</p>
        )}
      </div>
    </section>
  );
}
