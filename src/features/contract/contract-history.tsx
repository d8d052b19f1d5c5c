// The contract panel's History tab (coin/contract/order/history): the account's fills newest first, a
// liquidation with why (the mark that crossed, the liquidation price, the margin lost), or its funding payments
// (paid or received, the rate and the mark), paged; and the notice
// of a liquidation that happened while the screen is open (a toast and a line that stays until dismissed).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpFundingPayment, PerpHistoryOrder } from '../../../contract/perp-history.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import tf from '../../shared/ui/trade-form.module.css';
import s from './contract.module.css';
import { useContractPushed } from './contract-push.ts';
import { historyQuery, type HistoryData } from './contract-queries.ts';

const SIZE = 20;

function Row({ o }: { o: PerpHistoryOrder }) {
  const { t } = useTranslation();
  return (
    <li className={s.order} data-testid="perp-history-row" data-action={o.action}>
      <div className={s.orderHead}>
        <strong>{t(`contract:history.action.${o.action}`)}</strong>
        <span dir="ltr">{o.symbol.replace(/USDT$/, '/USDT')}</span>
        <Num className="muted small">{formatDate(o.createdAt)}</Num>
      </div>
      {/* Each figure is isolated left-to-right: after an Urdu label a negative P&L would show its minus last. */}
      <p className="small">
        {t('contract:history.price')} <Num>{o.price}</Num> · {t('contract:history.qty')} <Num>{o.qty}</Num> ·{' '}
        {t('contract:history.fee')} <Num>{o.fee}</Num> · {t('contract:history.pnl')}{' '}
        <Num className={o.realizedPnl.startsWith('-') ? s.down : undefined}>{o.realizedPnl}</Num>
      </p>
      {o.reason && (
        <p className={tf.error} data-testid="perp-history-why">
          {t('contract:history.why', {
            mark: o.reason.markPrice,
            liq: o.reason.liqPrice ?? '--',
            margin: o.reason.marginLost,
          })}
        </p>
      )}
    </li>
  );
}

function FundingRow({ f }: { f: PerpFundingPayment }) {
  const { t } = useTranslation();
  const paid = f.amount.startsWith('-');
  return (
    <li className={s.order} data-testid="perp-funding-row">
      <div className={s.orderHead}>
        <strong>{t(paid ? 'contract:history.fundingPaid' : 'contract:history.fundingReceived')}</strong>
        <span dir="ltr">{f.symbol.replace(/USDT$/, '/USDT')}</span>
        <Num className="muted small">{formatDate(f.createdAt)}</Num>
      </div>
      <p className="small">
        <Num className={paid ? s.down : s.up}>{f.amount} USDT</Num> · {t('contract:history.rate')}{' '}
        <Num>{f.rate}%</Num> · {t('contract:history.mark')} <Num>{f.markPrice}</Num>
      </p>
    </li>
  );
}

/** Older / newer buttons of a paged list. */
function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.actions}>
      {page > 1 && (
        <button type="button" className="btn" onClick={() => onPage(page - 1)}>
          {t('contract:history.newer')}
        </button>
      )}
      {total > page * SIZE && (
        <button type="button" className="btn" onClick={() => onPage(page + 1)}>
          {t('contract:history.older')}
        </button>
      )}
    </div>
  );
}

type Kind = HistoryData['type'];

export function ContractHistory() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('orders');
  const [page, setPage] = useState(1);
  return (
    <>
      <Segmented
        label={t('contract:history.kind')}
        value={kind}
        options={[
          { value: 'orders', label: t('contract:history.fills') },
          { value: 'funding', label: t('contract:history.funding') },
        ]}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
        testId="perp-history-kind"
      />
      <HistoryList kind={kind} page={page} onPage={setPage} />
    </>
  );
}

function HistoryList({ kind, page, onPage }: { kind: Kind; page: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const q = useQuery(historyQuery(scope, page, SIZE, useContractPushed(), kind));
  const data = kind === 'orders' ? q.data?.orders : q.data?.funding;
  if (!data) return <p className="muted">…</p>;
  if (!data.list.length)
    return (
      <EmptyState
        title={t(kind === 'orders' ? 'contract:history.empty' : 'contract:history.fundingEmpty')}
        testId={kind === 'orders' ? 'perp-history-empty' : 'perp-funding-empty'}
      />
    );
  return (
    <>
      {kind === 'orders' ? (
        <ul className={s.orders} data-testid="perp-history">
          {(data.list as PerpHistoryOrder[]).map((o) => (
            <Row key={o.id} o={o} />
          ))}
        </ul>
      ) : (
        <ul className={s.orders} data-testid="perp-funding">
          {(data.list as PerpFundingPayment[]).map((f) => (
            <FundingRow key={f.id} f={f} />
          ))}
        </ul>
      )}
      <Pager page={page} total={data.total} onPage={onPage} />
    </>
  );
}

/**
 * Watches the newest fills while the panel is open: a liquidation newer than what was there when it opened is
 * toasted and kept on screen (the personal message carries it to a user who was away).
 */
export function LiquidationNotice({ onSeen }: { onSeen: () => void }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const q = useQuery(historyQuery(scope, 1, 5, useContractPushed()));
  const baseline = useRef<number | null>(null);
  const [shown, setShown] = useState<PerpHistoryOrder | null>(null);
  useEffect(() => {
    const list = q.data?.orders?.list;
    if (!list) return;
    const newest = list[0]?.id ?? 0;
    if (baseline.current === null) {
      baseline.current = newest;
      return;
    }
    const liq = list.find((o) => o.id > baseline.current! && o.reason);
    baseline.current = Math.max(baseline.current, newest);
    if (!liq?.reason) return;
    setShown(liq);
    onSeen();
    showToast(
      t('contract:history.liquidatedToast', {
        symbol: liq.symbol,
        mark: liq.reason.markPrice,
        liq: liq.reason.liqPrice ?? '--',
        margin: liq.reason.marginLost,
      }),
      { durationMs: 6000 },
    );
  }, [q.data, onSeen, t]);
  if (!shown?.reason) return null;
  return (
    <div role="alert" className={`${tf.error} ${s.notice}`} data-testid="perp-liquidated">
      <strong>{t('contract:history.liquidatedTitle')}</strong>{' '}
      {t('contract:history.liquidatedToast', {
        symbol: shown.symbol,
        mark: shown.reason.markPrice,
        liq: shown.reason.liqPrice ?? '--',
        margin: shown.reason.marginLost,
      })}
    </div>
  );
}
