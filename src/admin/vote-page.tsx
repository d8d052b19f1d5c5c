// Shareholder resolutions (finance, admin): the form that puts a new one to a company's holders (the server
// checks every field and audits it) and the list, with the real and the demo result once closed.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ConsoleResolution, VoteResults } from '../../contract/vote.ts';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

const FIELDS = ['symbol', 'titleUr', 'titleEn', 'record', 'deadline'] as const;
const AREAS = ['bodyUr', 'bodyEn', 'options'] as const;

function ResultLine({ label, r, options }: { label: string; r: VoteResults; options: string[] }) {
  const t = useT();
  return (
    <p className={s.rowSub}>
      {label}:{' '}
      {options.map((o, i) => (
        <span key={i}>
          {o} <bdi dir="ltr">{r.totals[i] ?? '0'}</bdi>
          {' · '}
        </span>
      ))}
      {t('vote.turnout')} <bdi dir="ltr">{(r.turnoutBp / 100).toFixed(2)}%</bdi>
    </p>
  );
}

export function VotePage() {
  const t = useT();
  const [items, setItems] = useState<ConsoleResolution[] | null>(null);
  const [notice, setNotice] = useState('');
  const reload = useCallback(() => {
    apiGet<ConsoleResolution[]>('vote/resolutions').then(setItems, (e: unknown) =>
      setNotice(e instanceof Error ? e.message : t('common.error')),
    );
  }, [t]);
  useEffect(reload, [reload]);
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
    try {
      await apiPost('vote/resolutions', data);
      setNotice(t('vote.created'));
      form.reset();
      reload();
    } catch (err) {
      setNotice(err instanceof Error ? err.message : t('common.error'));
    }
  };
  return (
    <section aria-labelledby="votes-title">
      <h2 id="votes-title" className={s.heading}>
        {t('vote.create')}
      </h2>
      <form className={s.card} onSubmit={(e) => void create(e)} data-testid="vote-create">
        <label className={s.field}>
          {t('vote.meeting')}
          <select name="meeting" className={s.input} defaultValue="agm">
            <option value="agm">{t('vote.agm')}</option>
            <option value="eogm">{t('vote.eogm')}</option>
          </select>
        </label>
        {FIELDS.map((f) => (
          <label key={f} className={s.field}>
            {t(`vote.${f}`)}
            <input name={f} required className={s.input} dir={f === 'titleUr' ? 'rtl' : 'ltr'} />
          </label>
        ))}
        {AREAS.map((f) => (
          <label key={f} className={s.field}>
            {t(`vote.${f}`)}
            <textarea name={f} required rows={f === 'options' ? 3 : 5} className={s.input} />
          </label>
        ))}
        {notice && (
          <p role="status" className={s.note}>
            {notice}
          </p>
        )}
        <button type="submit" className={s.primary}>
          {t('vote.submit')}
        </button>
      </form>
      <h2 className={s.heading}>{t('vote.list')}</h2>
      {items?.length === 0 && <p className={s.note}>{t('vote.empty')}</p>}
      <ul className={s.list}>
        {items?.map((r) => (
          <li key={r.id} className={s.row}>
            <p className={s.rowTitle}>
              <bdi dir="ltr">#{r.id}</bdi> <bdi dir="ltr">{r.symbol}</bdi> · {r.titleEn} ·{' '}
              {t(`vote.state.${r.state}`)}
            </p>
            <p className={s.rowSub}>
              <bdi dir="ltr">{new Date(r.recordAt).toISOString()}</bdi> →{' '}
              <bdi dir="ltr">{new Date(r.deadlineAt).toISOString()}</bdi>
            </p>
            {r.real && <ResultLine label={t('vote.real')} r={r.real} options={r.options.map((o) => o.en)} />}
            {r.demo && <ResultLine label={t('vote.demo')} r={r.demo} options={r.options.map((o) => o.en)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
