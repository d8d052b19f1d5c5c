// Shared parts of the deposit screens: the gate before any form (the demo account has no deposits; KYC must be
// verified), the receiving-account choices, a value with its copy button, and the result after submitting
// (where to pay, the reference to quote, Pending, a link to the records).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Deposit, ReceivingAccount } from '../../../workers/protocol/deposits.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { switchAccountType } from '../../shared/storage/storage.ts';
import { CopyButton } from '../../shared/ui/copy-button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { ResultPage } from '../../shared/ui/result-page.tsx';
import s from './recharge.module.css';

/** A deposit's amount with its unit: PKR with grouping, USDT as sent. */
export function amountText(d: Pick<Deposit, 'asset' | 'amount'>): string {
  return d.asset === 'PKR' ? `${formatPKRAmount(d.amount)} PKR` : `${d.amount} USDT`;
}

/** Renders `children` only for a KYC-verified real account; otherwise says why, with the way on. */
export function DepositGate({ children }: { children: () => ReactNode }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const demo = useAtomValue(accountTypeAtom) === 'demo';
  const profile = useQuery({ ...profileQuery(scope), enabled: !demo && scope[0] !== 'guest' });
  const [busy, setBusy] = useState(false);
  if (demo)
    return (
      <EmptyState
        title={t('recharge:gate.demo')}
        testId="deposit-demo"
        action={
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            data-testid="deposit-to-real"
            onClick={() => {
              setBusy(true);
              switchAccountType('real');
            }}
          >
            {t('recharge:gate.toReal')}
          </button>
        }
      />
    );
  return (
    <RemoteView state={toRemoteState(profile)} onRetry={() => void profile.refetch()}>
      {(user) =>
        user.idStatus === 'succ' ? (
          children()
        ) : (
          <EmptyState
            title={t(user.idStatus === 'pending' ? 'recharge:gate.kycPending' : 'recharge:gate.kyc')}
            testId="deposit-kyc"
            action={
              <Link className="btn btn--primary" to={routeTo('user.kyc')} data-testid="deposit-kyc-link">
                {t(user.idStatus === 'pending' ? 'recharge:gate.kycView' : 'recharge:gate.kycVerify')}
              </Link>
            }
          />
        )
      }
    </RemoteView>
  );
}

/** A value (IBAN, wallet number, reference, address) kept left-to-right, with a copy button. */
export function Copyable({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={s.copyLine} data-testid={testId}>
      <Num>{value}</Num>
      <CopyButton value={value} label={`${t('recharge:copy')} ${label}`} />
    </span>
  );
}

export function AccountChoices({
  accounts,
  field,
  error,
  legend,
}: {
  accounts: readonly ReceivingAccount[];
  field: UseFormRegisterReturn;
  error: string | undefined;
  legend: string;
}) {
  return (
    <fieldset className={s.choices} data-testid="deposit-accounts">
      <legend className="small muted">{legend}</legend>
      {accounts.map((a) => (
        <label key={a.id} className={s.choice}>
          <input type="radio" value={String(a.id)} {...field} />
          <span className={s.choiceText}>
            <span>
              {a.providerName} · {a.title}
            </span>
            <Num className="muted small">{a.number}</Num>
          </span>
        </label>
      ))}
      {error && (
        <p role="alert" className="small" data-testid="account-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function DepositResult({ d }: { d: Deposit }) {
  const { t } = useTranslation();
  const acc = d.receivingAccount;
  const numberLabel = acc?.channel === 'wallet' ? t('recharge:form.walletNumber') : t('recharge:form.iban');
  const details: { label: string; value: ReactNode }[] = [
    { label: t('recharge:form.amount'), value: <Num>{amountText(d)}</Num> },
  ];
  if (acc)
    details.push(
      {
        label: t('recharge:result.payTo'),
        value: <Copyable value={acc.providerName} label={t('recharge:result.payTo')} />,
      },
      {
        label: t('recharge:form.title'),
        value: <Copyable value={acc.title} label={t('recharge:form.title')} />,
      },
      {
        label: numberLabel,
        value: <Copyable value={acc.number} label={numberLabel} testId="deposit-result-number" />,
      },
    );
  details.push(
    {
      label: t('recharge:result.reference'),
      value: (
        <Copyable value={d.reference} label={t('recharge:result.reference')} testId="deposit-reference" />
      ),
    },
    { label: t('recharge:record.status'), value: t(`recharge:status.${d.status}`) },
  );
  return (
    <ResultPage
      status="pending"
      title={t('recharge:result.title')}
      message={
        d.channel === 'bank' || d.channel === 'wallet'
          ? t('recharge:result.quote')
          : t('recharge:result.message')
      }
      testId="deposit-result"
      details={details}
      primary={{
        label: t('recharge:result.records'),
        to: routeTo('recharge.rechargeRecord'),
        testId: 'deposit-result-records',
      }}
      secondary={{ label: t('recharge:result.home'), to: routeTo('tabbar.home') }}
    />
  );
}
