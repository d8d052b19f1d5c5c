// Block trades for finance (and admin): create a block (symbol, size, lot, a discount against the last close
// or a fixed price, window, lock period), see every block with what is sold, close one now, and see who bought
// it. The server checks and audits each change (server/routes/console/bulk-routes.ts).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { BulkBlock, BulkConsoleBlock } from '../../contract/bulk.ts';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

const FIELDS = ['symbol', 'shares', 'lot', 'discount', 'price', 'hours', 'lockDays', 'note'] as const;
type Field = (typeof FIELDS)[number];
const INITIAL: Record<Field, string> = {
  symbol: '',
  shares: '',
  lot: '',
  discount: '',
  price: '',
  hours: '24',
  lockDays: '7',
  note: '',
};

function Buyers({ id }: { id: number }) {
  const t = useT();
  const [data, setData] = useState<BulkConsoleBlock | null>(null);
  useEffect(() => {
    let live = true;
    apiGet<BulkConsoleBlock>('bulk/blocks/buyers', { id: String(id) }).then(
      (d) => live && setData(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!data) return <p className={s.note}>…</p>;
  if (data.buyers.length === 0) return <p className={s.note}>{t('bulk.noBuyers')}</p>;
  return (
    <ul className={s.list} data-testid="bulk-buyers">
      {data.buyers.map((b) => (
        <li key={b.orderId} className={s.rowSub}>
          #{b.userId} · {b.accountType} · {b.qty} · {b.amount} PKR · {new Date(b.createdAt).toISOString()}
        </li>
      ))}
    </ul>
  );
}

export function BulkPage() {
  const t = useT();
  const [blocks, setBlocks] = useState<BulkBlock[]>([]);
  const [form, setForm] = useState(INITIAL);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const load = useCallback(() => {
    apiGet<BulkBlock[]>('bulk/blocks').then(setBlocks, (e: unknown) =>
      setError(e instanceof Error ? e.message : t('common.error')),
    );
  }, [t]);
  useEffect(load, [load]);
  const act = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      load();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common.error'));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await apiPost('bulk/blocks', {
        symbol: form.symbol,
        shares: form.shares,
        lot: form.lot,
        discountPct: form.discount,
        price: form.price,
        hours: form.hours,
        lockDays: form.lockDays,
        note: form.note,
      });
      setForm(INITIAL);
    });
  };
  return (
    <section className={s.card} data-testid="console-bulk">
      <h2 className={s.heading}>{t('nav.bulk')}</h2>
      <p className={s.note}>{t('bulk.rule')}</p>
      <form className={s.fields} onSubmit={submit}>
        <h3 className={s.heading}>{t('bulk.new')}</h3>
        {FIELDS.map((f) => (
          <label key={f} className={s.field}>
            <span>{t(`bulk.${f}`)}</span>
            <input
              className={s.input}
              name={f}
              dir="ltr"
              value={form[f]}
              onChange={(e) => setForm({ ...form, [f]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className={s.primary}>
          {t('bulk.create')}
        </button>
      </form>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {blocks.length === 0 ? (
        <p className={s.note}>{t('bulk.empty')}</p>
      ) : (
        <ul className={s.list}>
          {blocks.map((b) => (
            <li key={b.id} className={s.row} data-testid="console-bulk-row">
              <span className={s.rowTitle} dir="ltr">
                #{b.id} {b.symbol} · {b.price} PKR (−{b.discountPct}%) · {b.sold}/{b.shares} {t('bulk.sold')}{' '}
                · {b.state}
              </span>
              <span className={s.actions}>
                <button
                  type="button"
                  className={s.secondary}
                  onClick={() => setOpen(open === b.id ? null : b.id)}
                >
                  {t('bulk.buyers')}
                </button>
                {(b.state === 'open' || b.state === 'upcoming' || b.state === 'sold_out') && (
                  <button
                    type="button"
                    className={s.danger}
                    onClick={() => void act(() => apiPost('bulk/blocks/close', { id: String(b.id) }))}
                  >
                    {t('bulk.close')}
                  </button>
                )}
              </span>
              {open === b.id && <Buyers id={b.id} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
