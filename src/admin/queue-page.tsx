// A review queue, generic over its config (queues.ts): the list (by status, paged), one item's detail with its
// fields and photos, and the two decisions in a dialog: approve (with a reference when the queue needs one)
// and reject (with the reason the customer sees).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';
import type { QueueConfig } from './queues.ts';
import type { QueueItem, QueuePage as Page } from './types.ts';

type Load =
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'done'; list: QueueItem[]; next: number | null };

export function QueuePage({ queue }: { queue: QueueConfig }) {
  const t = useT();
  const [status, setStatus] = useState(queue.statuses[0] ?? 'pending');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<number | null>(null);
  const [notice, setNotice] = useState('');

  const [round, setRound] = useState(0);
  const query = useCallback(
    (before?: number) =>
      apiGet<Page>(`queues/${queue.name}`, {
        status,
        ...(before !== undefined ? { before: String(before) } : {}),
      }),
    [queue.name, status],
  );
  const failed = (e: unknown) => setLoad({ state: 'error', msg: e instanceof Error ? e.message : '' });
  useEffect(() => {
    query().then((page) => setLoad({ state: 'done', list: page.list, next: page.next }), failed);
  }, [query, round]);
  const more = (before: number) =>
    query(before).then(
      (page) =>
        setLoad((prev) => ({
          state: 'done',
          list: prev.state === 'done' ? [...prev.list, ...page.list] : page.list,
          next: page.next,
        })),
      failed,
    );
  const reload = () => {
    setLoad({ state: 'loading' });
    setRound((n) => n + 1);
  };
  const pick = (st: string) => {
    setLoad({ state: 'loading' });
    setStatus(st);
  };

  if (open !== null)
    return (
      <QueueDetail
        queue={queue}
        id={open}
        onBack={() => setOpen(null)}
        onDecided={() => {
          setOpen(null);
          setNotice(t('queue.done'));
          reload();
        }}
      />
    );

  return (
    <section aria-labelledby="queue-title">
      <h2 id="queue-title" className={s.heading}>
        {t(queue.title)}
      </h2>
      <div className={s.filters} role="group" aria-label={t('queue.status')}>
        {queue.statuses.map((st) => (
          <button
            key={st}
            type="button"
            className={s.navButton}
            aria-pressed={st === status}
            onClick={() => pick(st)}
          >
            {t(`status.${st}`)}
          </button>
        ))}
      </div>
      {notice && (
        <p role="status" className={s.note}>
          {notice}
        </p>
      )}
      {load.state === 'loading' && <p className={s.note}>{t('common.loading')}</p>}
      {load.state === 'error' && (
        <p role="alert" className={s.error}>
          {load.msg || t('common.error')}{' '}
          <button type="button" className={s.linkButton} onClick={reload}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {load.state === 'done' && load.list.length === 0 && <p className={s.note}>{t('queue.empty')}</p>}
      {load.state === 'done' && load.list.length > 0 && (
        <ul className={s.list}>
          {load.list.map((item) => (
            <li key={item.id} className={s.row}>
              <div>
                <div className={s.rowTitle}>{item.title}</div>
                <div className={s.rowSub}>
                  <bdi dir="ltr">#{item.id}</bdi> · <bdi dir="ltr">{item.subtitle}</bdi> ·{' '}
                  <bdi dir="ltr">{new Date(item.createdAt).toLocaleString('en-GB')}</bdi>
                </div>
              </div>
              <button
                type="button"
                className={s.secondary}
                onClick={() => setOpen(item.id)}
                aria-label={`${t('queue.open')} #${item.id}`}
              >
                {t('queue.open')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {load.state === 'done' && load.next !== null && (
        <button type="button" className={s.secondary} onClick={() => void more(load.next ?? 0)}>
          {t('queue.more')}
        </button>
      )}
    </section>
  );
}

function QueueDetail(props: { queue: QueueConfig; id: number; onBack: () => void; onDecided: () => void }) {
  const { queue, id } = props;
  const t = useT();
  const [item, setItem] = useState<QueueItem | null>(null);
  const [error, setError] = useState('');
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    apiGet<QueueItem>(`queues/${queue.name}/${id}`).then(setItem, (e: unknown) =>
      setError(e instanceof Error ? e.message : t('common.error')),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t changes with the language only
  }, [queue.name, id]);
  useEffect(() => {
    if (decision) dialog.current?.showModal();
    else dialog.current?.close();
  }, [decision]);

  const [formError, setFormError] = useState('');
  const approvable = item !== null && (queue.approvable ?? ['pending']).includes(item.status);
  const rejectable = item !== null && (queue.rejectable ?? ['pending']).includes(item.status);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    try {
      if (decision === 'approve')
        await apiPost(`queues/${queue.name}/${id}/approve`, {
          reference: String(data.get('reference') ?? ''),
        });
      else await apiPost(`queues/${queue.name}/${id}/reject`, { reason: String(data.get('reason') ?? '') });
      setDecision(null);
      props.onDecided();
    } catch (err) {
      setFormError(err instanceof Error ? err.message : t('common.error'));
    }
  };

  return (
    <section aria-labelledby="item-title">
      <button type="button" className={s.linkButton} onClick={props.onBack}>
        {t('queue.back')}
      </button>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {!item && !error && <p className={s.note}>{t('common.loading')}</p>}
      {item && (
        <>
          <h2 id="item-title" className={s.heading}>
            {item.title} <bdi dir="ltr">#{item.id}</bdi>
          </h2>
          <p className={s.note}>
            {t('queue.status')}: {t(`status.${item.status}`)}
          </p>
          <dl className={s.fields}>
            {item.fields.map((f) => (
              <div key={f.label} className={s.fieldRow}>
                <dt>{t(f.label)}</dt>
                <dd>
                  <bdi>{f.value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <div className={s.images}>
            {item.images.map((img) => (
              <figure key={img.url} className={s.figure}>
                <img src={img.url} alt={t(img.label)} className={s.image} />
                <figcaption>{t(img.label)}</figcaption>
              </figure>
            ))}
          </div>
          {(approvable || rejectable) && (
            <div className={s.actions}>
              {approvable && (
                <button type="button" className={s.primary} onClick={() => setDecision('approve')}>
                  {t('queue.approve')}
                </button>
              )}
              {rejectable && (
                <button type="button" className={s.danger} onClick={() => setDecision('reject')}>
                  {t('queue.reject')}
                </button>
              )}
            </div>
          )}
        </>
      )}
      <dialog
        ref={dialog}
        className={s.dialog}
        onClose={() => setDecision(null)}
        aria-labelledby="decision-title"
      >
        {decision && (
          <form onSubmit={(e) => void submit(e)}>
            <h3 id="decision-title" className={s.heading}>
              {t(decision === 'approve' ? 'queue.approve' : 'queue.reject')} <bdi dir="ltr">#{id}</bdi>
            </h3>
            {decision === 'approve' && (queue.approveNeedsReference || queue.referenceOptional) && (
              <label className={s.field}>
                {t(queue.approveNeedsReference ? 'queue.reference' : 'queue.referenceOptional')}
                <input
                  name="reference"
                  required={queue.approveNeedsReference}
                  minLength={queue.approveNeedsReference ? 3 : undefined}
                  maxLength={queue.approveNeedsReference ? 64 : 66}
                  dir="ltr"
                  className={s.input}
                />
              </label>
            )}
            {decision === 'reject' && (
              <label className={s.field}>
                {t('queue.reason')}
                <textarea name="reason" required minLength={3} maxLength={200} className={s.input} />
              </label>
            )}
            {formError && (
              <p role="alert" className={s.error}>
                {formError}
              </p>
            )}
            <div className={s.actions}>
              <button type="submit" className={decision === 'approve' ? s.primary : s.danger}>
                {t('queue.confirm')}
              </button>
              <button type="button" className={s.secondary} onClick={() => setDecision(null)}>
                {t('queue.cancel')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </section>
  );
}
