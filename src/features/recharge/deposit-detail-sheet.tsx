// One deposit record in a BottomSheet (tapped in the records list): amount, status, the timeline (requested,
// then credited or rejected), the reference, the receiving account or the chain, address and confirmations,
// and the operator's bank reference or the reason it was rejected. A pending record refreshes while open.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../workers/protocol/deposits.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { depositQuery } from './queries.ts';
import { amountText, Copyable } from './recharge-parts.tsx';
import s from './recharge.module.css';

function Lines({ d }: { d: Deposit }) {
  const { t } = useTranslation();
  const lines: { label: string; value: ReactNode }[] = [
    { label: t('recharge:form.amount'), value: <Num>{amountText(d)}</Num> },
    { label: t('recharge:record.status'), value: t(`recharge:status.${d.status}`) },
    {
      label: t('recharge:result.reference'),
      value: <Copyable value={d.reference} label={t('recharge:result.reference')} />,
    },
  ];
  const acc = d.receivingAccount;
  if (acc)
    lines.push({
      label: t('recharge:form.payTo'),
      value: <Num>{`${acc.providerName} · ${acc.number}`}</Num>,
    });
  if (d.payer) lines.push({ label: t('recharge:record.payer'), value: <Num>{d.payer}</Num> });
  if (d.chain) lines.push({ label: t('recharge:record.chain'), value: <Num>{d.chain}</Num> });
  if (d.address) lines.push({ label: t('recharge:record.address'), value: <Num>{d.address}</Num> });
  if (d.txHash) lines.push({ label: t('recharge:record.txHash'), value: <Num>{d.txHash}</Num> });
  if (d.channel === 'crypto')
    lines.push({
      label: t('recharge:record.confirmations'),
      value: <Num>{`${d.confirmations} / ${d.confirmationsNeeded ?? '—'}`}</Num>,
    });
  if (d.bankReference)
    lines.push({ label: t('recharge:record.bankReference'), value: <Num>{d.bankReference}</Num> });
  if (d.reason) lines.push({ label: t('recharge:record.reason'), value: d.reason });
  return (
    <dl className={s.summary} data-testid="deposit-detail-lines">
      {lines.map((l) => (
        <div key={l.label} className={s.pair}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ d }: { d: Deposit }) {
  const { t } = useTranslation();
  return (
    <ol className={s.timeline} data-testid="deposit-timeline">
      <li className={s.step}>
        <span className={s.dot} aria-hidden="true" />
        <span>
          {t('recharge:record.created')} · <Num>{formatDate(d.createdAt)}</Num>
        </span>
      </li>
      <li className={s.step}>
        <span className={s.dot} aria-hidden="true" />
        <span>
          {t(`recharge:status.${d.status}`)}
          {d.status !== 'pending' && (
            <>
              {' · '}
              <Num>{formatDate(d.updatedAt)}</Num>
            </>
          )}
        </span>
      </li>
    </ol>
  );
}

export function DepositDetailSheet({ record, onClose }: { record: Deposit | null; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const fresh = useQuery({ ...depositQuery(scope, record?.id ?? 0), enabled: record !== null });
  const d = record && fresh.data?.id === record.id ? fresh.data : record;
  return (
    <BottomSheet
      open={d !== null}
      title={t('recharge:record.detail')}
      onClose={onClose}
      testId="deposit-detail"
    >
      {d && (
        <div className={s.section}>
          <Timeline d={d} />
          <Lines d={d} />
        </div>
      )}
    </BottomSheet>
  );
}
