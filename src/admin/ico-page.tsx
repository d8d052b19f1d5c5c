// Token sales (finance, admin): every sale with its state and committed total, a form to create one, and per
// sale the operator's next step — Distribute once the window has closed, List once distributed. The server
// checks every rule, audits each action and answers refusals in the operator's language.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { IcoSale } from '../../contract/ico.ts';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

const FIELDS = [
  ['token', 'ico.token'],
  ['nameEn', 'ico.nameEn'],
  ['nameUr', 'ico.nameUr'],
  ['decimals', 'ico.decimals'],
  ['price', 'ico.price'],
  ['offered', 'ico.offered'],
  ['min', 'ico.min'],
  ['cap', 'ico.cap'],
  ['opens', 'ico.opens'],
  ['closes', 'ico.closes'],
  ['distribute', 'ico.distribute'],
  ['list', 'ico.list'],
  ['summary', 'ico.summary'],
] as const;

export function IcoPage() {
  const t = useT();
  const [sales, setSales] = useState<IcoSale[] | null>(null);
  const [note, setNote] = useState('');
  const reload = useCallback(() => {
    apiGet<IcoSale[]>('ico/sales').then(setSales, (e: unknown) =>
      setNote(e instanceof Error ? e.message : t('common.error')),
    );
  }, [t]);
  useEffect(reload, [reload]);

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setNote(t('queue.done'));
      reload();
    } catch (err) {
      setNote(err instanceof Error ? err.message : t('common.error'));
    }
  };
  const create = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body: Record<string, string> = {};
    for (const [name] of FIELDS) body[name] = String(data.get(name) ?? '').trim();
    if (body.summary === '') delete body.summary;
    void run(() => apiPost('ico/sales', body));
  };

  return (
    <section aria-labelledby="ico-title">
      <h2 id="ico-title" className={s.heading}>
        {t('nav.ico')}
      </h2>
      {note && (
        <p role="status" className={s.note} data-testid="ico-console-note">
          {note}
        </p>
      )}
      {sales?.length === 0 && <p className={s.note}>{t('ico.empty')}</p>}
      <ul className={s.list}>
        {sales?.map((x) => (
          <li key={x.id} className={s.row} data-testid="ico-console-sale" data-token={x.token}>
            <span className={s.rowTitle}>
              <bdi dir="ltr">{`#${x.id} ${x.token}`}</bdi> · {x.nameEn} · {x.state}
            </span>
            <span className={s.rowSub}>
              {t('ico.committed')}: <bdi dir="ltr">{x.committed} USDT</bdi> · {t('ico.sold')}:{' '}
              <bdi dir="ltr">{x.soldTokens}</bdi>
            </span>
            <span className={s.actions}>
              {x.state === 'calculating' && (
                <button
                  type="button"
                  className={s.primary}
                  onClick={() => void run(() => apiPost(`ico/sales/${x.id}/distribute`))}
                >
                  {t('ico.distributeNow')}
                </button>
              )}
              {x.state === 'distributed' && (
                <button
                  type="button"
                  className={s.primary}
                  onClick={() => void run(() => apiPost(`ico/sales/${x.id}/list`))}
                >
                  {t('ico.listNow')}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <form className={s.card} onSubmit={create}>
        <h3 className={s.heading}>{t('ico.new')}</h3>
        {FIELDS.map(([name, label]) => (
          <label key={name} className={s.field}>
            {t(label)}
            <input
              name={name}
              className={s.input}
              dir={name === 'nameUr' ? 'rtl' : 'ltr'}
              required={name !== 'summary'}
            />
          </label>
        ))}
        <button type="submit" className={s.primary}>
          {t('ico.create')}
        </button>
      </form>
    </section>
  );
}
