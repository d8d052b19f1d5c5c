// The audit log (admin), read-only: newest first, filtered by subject and operator, paged.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { apiGet } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';
import type { AuditItem } from './types.ts';

interface AuditPageData {
  list: AuditItem[];
  next: number | null;
}

export function AuditPage() {
  const t = useT();
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [data, setData] = useState<AuditPageData | null>(null);
  const [error, setError] = useState('');
  const query = useCallback(
    (before?: number) =>
      apiGet<AuditPageData>('audit', { ...filter, ...(before ? { before: String(before) } : {}) }),
    [filter],
  );
  const failed = (e: unknown) => setError(e instanceof Error ? e.message : 'error');
  useEffect(() => {
    query().then(setData, failed);
  }, [query]);
  const more = (before: number) =>
    query(before).then(
      (page) => setData((prev) => ({ list: [...(prev?.list ?? []), ...page.list], next: page.next })),
      failed,
    );
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next: Record<string, string> = {};
    for (const k of ['subjectType', 'subjectId', 'operatorId']) {
      const v = String(f.get(k) ?? '').trim();
      if (v) next[k] = v;
    }
    setError('');
    setFilter(next);
  };
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className={s.heading}>
        {t('nav.audit')}
      </h2>
      <form className={s.inline} onSubmit={apply}>
        {(['subjectType', 'subjectId', 'operatorId'] as const).map((k) => (
          <label key={k} className={s.field}>
            {t(`audit.${k}`)}
            <input name={k} dir="ltr" maxLength={64} className={s.input} />
          </label>
        ))}
        <button type="submit" className={s.primary}>
          {t('audit.filter')}
        </button>
      </form>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      <ul className={s.list}>
        {data?.list.map((e) => (
          <li key={e.id} className={s.auditRow} dir="ltr">
            <div>
              #{e.id} {new Date(e.createdAt).toISOString()} · {e.source}
              {e.operatorId !== null ? ` #${e.operatorId}` : ''} · <strong>{e.action}</strong> ·{' '}
              {e.subjectType} {e.subjectId}
            </div>
            <code className={s.code}>
              {e.before} → {e.after}
            </code>
          </li>
        ))}
      </ul>
      {data?.next !== null && data?.next !== undefined && (
        <button type="button" className={s.secondary} onClick={() => void more(data.next ?? 0)}>
          {t('queue.more')}
        </button>
      )}
    </section>
  );
}
