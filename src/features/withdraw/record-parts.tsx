// Pieces of the withdrawal records: the status chip, a list row (a link to its detail) and the detail itself
// (amount, fees, destination, status timeline, reference or reason). Amounts are the server's exact strings:
// PKR with 2 decimals, USDT with its trailing zeros trimmed (never rounded).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Withdrawal, WithdrawStatus } from '../../../contract/withdraw.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { cx } from '../../shared/ui/cx.ts';
import { Num } from '../../shared/ui/num.tsx';
import s from './withdraw.module.css';

/** '20.500000' → '20.50', '1.123400' → '1.1234' (at least 2 decimals, exact digits). */
export function coinAmount(text: string): string {
  const [int = '0', frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(2, '0');
  return withThousands(`${int}.${kept}`);
}

export function amountOf(w: Pick<Withdrawal, 'asset'>, value: string): string {
  return w.asset === 'PKR' ? `${formatPKRAmount(value)} PKR` : `${coinAmount(value)} USDT`;
}

export function StatusChip({ status }: { status: WithdrawStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cx(s.chip, s[status])} data-testid="withdraw-status" data-status={status}>
      {t(`withdraw:status.${status}`)}
    </span>
  );
}

function destinationOf(w: Withdrawal): string {
  return w.channel === 'crypto' ? `${w.chain} ${w.address}` : `${w.provider} ${w.number}`;
}

export function detailPath(w: Pick<Withdrawal, 'id' | 'channel'>): string {
  return w.channel === 'crypto'
    ? routeTo('withdraw.cryptoRecordDetail', { id: w.id })
    : routeTo('wallet.recordDetail', { id: w.id });
}

export function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  return (
    <Link className={s.row} to={detailPath(w)} data-testid="withdraw-row" data-id={w.id}>
      <span className={s.main}>
        <span>
          {t(`withdraw:channel.${w.channel}`)}{' '}
          <Num className="muted small">{w.channel === 'crypto' ? w.chain : w.provider}</Num>
        </span>
        <Num className="muted small">{formatDate(w.createdAt)}</Num>
      </span>
      <span className={s.nums}>
        <Num>{amountOf(w, w.amount)}</Num>
        <StatusChip status={w.status} />
      </span>
    </Link>
  );
}

export function WithdrawalDetail({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const lines: Array<[string, string, boolean?]> = [
    [t('withdraw:record.order'), String(w.id)],
    [t('withdraw:record.channel'), t(`withdraw:channel.${w.channel}`)],
    [t('withdraw:record.destination'), destinationOf(w), true],
    [t('withdraw:form.receive'), amountOf(w, w.amount)],
    [
      w.channel === 'crypto' ? t('withdraw:form.networkFee') : t('withdraw:form.fee'),
      amountOf(w, w.channel === 'crypto' ? w.networkFee : w.fee),
    ],
    [t('withdraw:form.total'), amountOf(w, w.total)],
    [t('withdraw:record.created'), formatDate(w.createdAt)],
  ];
  if (w.status !== 'pending') lines.push([t('withdraw:record.updated'), formatDate(w.updatedAt)]);
  if (w.reference)
    lines.push([
      w.channel === 'crypto' ? t('withdraw:record.txHash') : t('withdraw:record.reference'),
      w.reference,
      true,
    ]);
  const steps = [t('withdraw:record.stepRequested')];
  steps.push(
    w.status === 'pending'
      ? t('withdraw:record.stepPending')
      : w.status === 'paid'
        ? t('withdraw:record.stepPaid')
        : t('withdraw:record.stepRejected'),
  );
  return (
    <div className={s.section} data-testid="withdraw-detail">
      <div>
        <StatusChip status={w.status} />
      </div>
      <dl className={s.summary}>
        {lines.map(([label, value, long]) => (
          <div key={label} className={s.pair}>
            <dt>{label}</dt>
            <dd className={long ? s.long : undefined}>
              <Num>{value}</Num>
            </dd>
          </div>
        ))}
      </dl>
      {w.status === 'rejected' && w.reason && (
        <p className={s.notice} data-testid="withdraw-reason">
          {t('withdraw:record.reason')}: {w.reason}
        </p>
      )}
      <h2 className="small muted">{t('withdraw:record.timeline')}</h2>
      <ol className={s.timeline}>
        {steps.map((step) => (
          <li key={step} className={s.step}>
            <span className={s.dot} aria-hidden="true" />
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
}
