// Placements (finance, admin): create a placement of a listed stock (the server checks every field and audits
// it), see each placement with its demand and applications, and allocate one after its window.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Placement } from '../../contract/placement.ts';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

interface Applicant {
  id: number;
  userId: number;
  accountType: string;
  state: string;
  qty: number;
  wonQty: number;
  amount: string;
}

const FIELDS = ['symbol', 'price', 'total', 'lot', 'min', 'opens', 'closes', 'allot', 'lockDays'] as const;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

function Applicants({ id }: { id: number }) {
  const [rows, setRows] = useState<Applicant[] | null>(null);
  useEffect(() => {
    void apiGet<Applicant[]>(`placements/${id}/applications`).then(setRows, () => setRows([]));
  }, [id]);
  if (!rows) return <p className={s.note}>…</p>;
  return (
    <ul className={s.list}>
      {rows.map((a) => (
        <li key={a.id} className={s.row} dir="ltr">
          #{a.id} user {a.userId} ({a.accountType}) · {a.state} · {a.qty} → {a.wonQty} · PKR {a.amount}
        </li>
      ))}
    </ul>
  );
}

export function PlacementPage() {
  const t = useT();
  const [items, setItems] = useState<Placement[] | null>(null);
  const [message, setMessage] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const reload = useCallback(() => {
    apiGet<Placement[]>('placements').then(setItems, (e: unknown) =>
      setMessage(e instanceof Error ? e.message : 'error'),
    );
  }, []);
  useEffect(reload, [reload]);
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body: Record<string, string> = {};
    for (const [k, v] of form.entries()) if (typeof v === 'string' && v !== '') body[k] = v;
    try {
      await apiPost('placements', body);
      setMessage(t('queue.done'));
      reload();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : t('common.error'));
    }
  };
  const allocate = async (id: number) => {
    try {
      await apiPost(`placements/${id}/allocate`, {});
      setMessage(t('queue.done'));
      reload();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : t('common.error'));
    }
  };
  return (
    <section aria-labelledby="placements-title">
      <h2 id="placements-title" className={s.heading}>
        {t('nav.placements')}
      </h2>
      <p className={s.note}>{t('placement.rule')}</p>
      {message && (
        <p role="status" className={s.note} data-testid="placement-message">
          {message}
        </p>
      )}
      <form className={s.card} onSubmit={(e) => void create(e)}>
        <h3 className={s.heading}>{t('placement.create')}</h3>
        {FIELDS.map((f) => (
          <label key={f} className={s.field}>
            {t(`placement.${f}`)}
            <input name={f} dir="ltr" className={s.input} required={f !== 'lot'} maxLength={32} />
          </label>
        ))}
        <label className={s.field}>
          {t('placement.eligibility')}
          <select name="eligibility" className={s.input} defaultValue="international">
            <option value="international">{t('placement.international')}</option>
            <option value="everyone">{t('placement.everyone')}</option>
          </select>
        </label>
        <label className={s.field}>
          {t('placement.note')}
          <textarea name="note" className={s.input} maxLength={2000} />
        </label>
        <button type="submit" className={s.primary}>
          {t('placement.submit')}
        </button>
      </form>
      {items?.map((p) => (
        <div key={p.id} className={s.card} data-testid="console-placement">
          <h3 className={s.heading}>
            <bdi dir="ltr">
              #{p.id} {p.symbol} · PKR {p.price} · {p.state}
            </bdi>
          </h3>
          <p className={s.note} dir="ltr">
            {p.totalShares} offered (lot {p.lot}, min {p.minQty}) · applied {p.appliedQty} by {p.applicants} ·
            window {iso(p.opensAt)} – {iso(p.closesAt)} UTC · allocate {iso(p.allotAt)} · lock {p.lockDays} d,
            until {iso(p.unlockAt)} · {p.eligibility}
          </p>
          <div className={s.actions}>
            <button
              type="button"
              className={s.secondary}
              onClick={() => setOpen(open === p.id ? null : p.id)}
            >
              {t('placement.applications')}
            </button>
            {p.state === 'to_be_allocated' && (
              <button type="button" className={s.primary} onClick={() => void allocate(p.id)}>
                {t('placement.allocate')}
              </button>
            )}
          </div>
          {open === p.id && <Applicants id={p.id} />}
        </div>
      ))}
    </section>
  );
}
