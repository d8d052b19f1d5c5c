// The server's preview of an order before confirming: value, each fee and tax, and the net amount
// (buy: value + fees, sell: value − fees). Every number here is the server's, only formatted.
import { useTranslation } from 'react-i18next';
import type { OrderPreview } from '../../../workers/protocol/trade.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import s from './fee-breakdown.module.css';

const FEES = ['commission', 'sst', 'cvt', 'cdc', 'exchange'] as const;

export function FeeBreakdown({ preview, pending }: { preview: OrderPreview | null; pending: boolean }) {
  const { t } = useTranslation();
  const v = (s: string | undefined) => (preview && s !== undefined ? formatPKRAmount(s) : '—');
  return (
    <section
      className={`card ${s.fees}`}
      aria-label={t('trade:fees.title')}
      aria-busy={pending}
      data-testid="fee-breakdown"
    >
      <div className={s.row}>
        <span>{t('trade:fees.amount')}</span>
        <Num>{v(preview?.amount)}</Num>
      </div>
      {FEES.map((k) => (
        <div key={k} className={`${s.row} ${s.minor}`}>
          <span>{t(`trade:fees.${k}`)}</span>
          <Num>{v(preview?.fee[k])}</Num>
        </div>
      ))}
      <div className={`${s.row} ${s.minor}`}>
        <span>{t('trade:fees.total')}</span>
        <Num>{v(preview?.fee.total)}</Num>
      </div>
      <div className={`${s.row} ${s.net}`}>
        <span>{preview?.side === 'sell' ? t('trade:fees.netSell') : t('trade:fees.netBuy')}</span>
        <span className={s.netValue} data-testid="net">
          <Num>{v(preview?.net)}</Num>
        </span>
      </div>
    </section>
  );
}
