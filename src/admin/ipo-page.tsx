// IPO offerings (finance, admin; issue 17 §2): every offering with its state and demand; a new offering with
// every field of the issue (the server checks them and answers a localised refusal that stores nothing); the
// allotment run with a seed (empty: random; the recorded seed is shown after) and its result per application
// (lottery count, won quantity); marking an allotted offering listed. Uses /admin/api/ipo/… (ipo-routes.ts).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { IpoAllotmentSummary, IpoOffering } from '../../contract/ipo.ts';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

const TIME_FIELDS = ['opens', 'closes', 'allot', 'payBy', 'list'] as const;
const TEXT_FIELDS = ['symbol', 'company', 'sector', 'price', 'floor', 'cap'] as const;
const COUNT_FIELDS = ['total', 'retail', 'lot', 'min', 'max'] as const;

const message = (e: unknown, fallback: string) => (e instanceof Error ? e.message : fallback);
const at = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString('en-GB'));

/** The form as the API's fields: datetime-local values become epoch ms (the device's zone); empties dropped. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) {
    const text = String(v).trim();
    if (text === '') continue;
    out[k] = (TIME_FIELDS as readonly string[]).includes(k) ? String(new Date(text).getTime()) : text;
  }
  return out;
}

function CreateForm({ onCreated }: { onCreated: () => void }) {
  const t = useT();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    try {
      await apiPost('ipo/offerings', fieldsOf(form));
      setNote({ ok: true, text: t('ipo.created') });
      form.reset();
      onCreated();
    } catch (err) {
      setNote({ ok: false, text: message(err, t('common.error')) });
    } finally {
      setBusy(false);
    }
  };
  const input = (name: string, type = 'text', extra: Record<string, string | number | boolean> = {}) => (
    <label key={name} className={s.field}>
      {t(`ipo.${name}`)}
      <input name={name} type={type} dir="ltr" className={s.input} {...extra} />
    </label>
  );
  return (
    <form className={s.card} onSubmit={(e) => void submit(e)} data-testid="ipo-create">
      <h3 className={s.heading}>{t('ipo.new')}</h3>
      {TEXT_FIELDS.map((f) =>
        input(f, 'text', f === 'symbol' || f === 'company' || f === 'price' ? { required: true } : {}),
      )}
      <label className={s.field}>
        {t('ipo.shariah')}
        <select name="shariah" className={s.input} defaultValue="no">
          <option value="no">{t('ipo.no')}</option>
          <option value="yes">{t('ipo.yes')}</option>
        </select>
      </label>
      {COUNT_FIELDS.map((f) =>
        input(f, 'number', {
          min: 1,
          step: 1,
          required: f === 'total' || f === 'retail' || f === 'max',
          ...(f === 'lot' ? { defaultValue: 500 } : {}),
        }),
      )}
      <p className={s.note}>{t('ipo.timeNote')}</p>
      {TIME_FIELDS.map((f) => input(f, 'datetime-local', { required: true }))}
      <label className={s.field}>
        {t('ipo.prospectus')}
        <textarea name="prospectus" maxLength={4000} rows={3} className={s.input} />
      </label>
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? s.note : s.error}>
          {note.text}
        </p>
      )}
      <button type="submit" className={s.primary} disabled={busy}>
        {t('ipo.create')}
      </button>
    </form>
  );
}

function Applications({ summary }: { summary: IpoAllotmentSummary }) {
  const t = useT();
  return (
    <div data-testid="ipo-apps">
      <p className={s.note}>
        {t('ipo.apps.total')
          .replace('{n}', String(summary.applications))
          .replace('{lots}', String(summary.lots))
          .replace('{won}', String(summary.wonQty))}
      </p>
      <table dir="ltr">
        <thead>
          <tr>
            {(['id', 'pool', 'qty', 'lots', 'won', 'state'] as const).map((k) => (
              <th key={k} scope="col">
                {t(`ipo.apps.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.list.map((a) => (
            <tr key={a.id} data-testid="ipo-app-row">
              <td>{a.id}</td>
              <td>
                {a.account}
                {a.auto && ` (${t('ipo.apps.auto')})`}
              </td>
              <td>{a.qty}</td>
              <td>{a.lots}</td>
              <td>{a.wonQty}</td>
              <td>{a.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OfferingCard({ o, onChanged }: { o: IpoOffering; onChanged: () => void }) {
  const t = useT();
  const [seed, setSeed] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<IpoAllotmentSummary | null>(null);
  const loadApps = useCallback(async () => {
    try {
      setSummary(await apiGet<IpoAllotmentSummary>(`ipo/offerings/${o.id}/applications`));
    } catch (err) {
      setNote(message(err, t('common.error')));
    }
  }, [o.id, t]);
  const act = async (path: string, body: Record<string, string>) => {
    setBusy(true);
    setNote('');
    try {
      await apiPost(`ipo/offerings/${o.id}/${path}`, body);
      onChanged();
      await loadApps();
    } catch (err) {
      setNote(message(err, t('common.error')));
    } finally {
      setBusy(false);
    }
  };
  const row = (label: string, value: string) => (
    <div className={s.fieldRow}>
      <dt>{label}</dt>
      <dd dir="ltr">{value}</dd>
    </div>
  );
  return (
    <article className={s.card} data-testid="ipo-offering" data-symbol={o.symbol} data-state={o.state}>
      <h3 className={s.heading}>
        <bdi dir="ltr">{o.symbol}</bdi> · {o.company} · <span>{t(`ipo.state.${o.state}`)}</span>
      </h3>
      <dl className={s.fields}>
        {row(t('ipo.price'), o.priceFloor ? `${o.price} (${o.priceFloor} – ${o.priceCap})` : o.price)}
        {row(t('ipo.retail'), `${o.retailShares} / ${o.totalShares}`)}
        {row(t('ipo.lot'), `${o.lot} (${o.minQty} – ${o.maxQty})`)}
        {row(t('ipo.demand'), `${o.appliedQty} / ${o.applicants}`)}
        {row(t('ipo.window'), `${at(o.opensAt)} → ${at(o.closesAt)}`)}
        {row(t('ipo.list'), at(o.listedAt ?? o.listAt))}
        {o.seed && row(t('ipo.seedUsed'), o.seed)}
        {o.seed && row(t('ipo.oversubscription'), `${o.oversubscription}×`)}
        {o.seed && row(t('ipo.allottedQty'), String(o.allottedQty))}
      </dl>
      <div className={s.actions}>
        {o.state === 'to_be_allocated' && (
          <>
            <label className={s.field}>
              {t('ipo.seed')}
              <input
                value={seed}
                onChange={(e) => setSeed(e.target.value)}
                maxLength={128}
                dir="ltr"
                className={s.input}
              />
            </label>
            <button
              type="button"
              className={s.primary}
              disabled={busy}
              onClick={() => void act('allot', { seed })}
            >
              {t('ipo.runAllot')}
            </button>
          </>
        )}
        {o.state === 'allotted' && (
          <button type="button" className={s.primary} disabled={busy} onClick={() => void act('list', {})}>
            {t('ipo.markListed')}
          </button>
        )}
        <button type="button" className={s.secondary} onClick={() => void loadApps()}>
          {t('ipo.showApps')}
        </button>
      </div>
      {note && (
        <p role="alert" className={s.error}>
          {note}
        </p>
      )}
      {summary && <Applications summary={summary} />}
    </article>
  );
}

export function IpoPage() {
  const t = useT();
  const [items, setItems] = useState<IpoOffering[] | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    apiGet<IpoOffering[]>('ipo/offerings').then(setItems, (e: unknown) => setError(message(e, 'error')));
  }, []);
  useEffect(reload, [reload]);
  return (
    <section aria-labelledby="ipo-title">
      <h2 id="ipo-title" className={s.heading}>
        {t('nav.ipo')}
      </h2>
      <CreateForm onCreated={reload} />
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {!items && !error && <p className={s.note}>{t('common.loading')}</p>}
      {items?.length === 0 && <p className={s.note}>{t('ipo.none')}</p>}
      {items?.map((o) => (
        <OfferingCard key={o.id} o={o} onChanged={reload} />
      ))}
    </section>
  );
}
