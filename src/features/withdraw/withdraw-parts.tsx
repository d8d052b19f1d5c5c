// Shared parts of the two withdraw forms (bank/wallet in PKR, crypto in USDT): the gate before the form (demo
// account, no withdrawal password, outside the hours), the destination choices, the fee summary with
// "You receive", the withdrawal-password sheet and the result after submitting.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Withdrawal } from '../../../contract/withdraw.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { FormView } from '../../shared/forms/form-parts.tsx';
import type { ContractFormState } from '../../shared/forms/use-contract-form.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { useWithdrawView, type WithdrawView } from './withdraw-data.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { ResultPage } from '../../shared/ui/result-page.tsx';
import { Link } from 'react-router';
import { amountOf, detailPath } from './record-parts.tsx';
import s from './withdraw.module.css';

/** Whether the form cannot be used: the demo account, or no withdrawal password yet (WithdrawGate says why). */
export function isBlocked(config: WithdrawView, demo: boolean): boolean {
  return demo || !config.hasPassword;
}

/** Why the form cannot be used now (a clear way on where there is one), or null. */
export function WithdrawGate({ config, demo }: { config: WithdrawView; demo: boolean }) {
  const { t } = useTranslation();
  if (demo)
    return (
      <p className={s.notice} data-testid="withdraw-demo">
        {t('withdraw:form.demo')}
      </p>
    );
  if (!config.hasPassword)
    return (
      <EmptyState
        title={t('withdraw:form.noPassword')}
        testId="withdraw-no-password"
        action={
          <Link className="btn btn--primary" to={routeTo('user.withdrawPassword')}>
            {t('withdraw:form.setPassword')}
          </Link>
        }
      />
    );
  return null;
}

/** Whether a window never closes (every weekday, 00:00–24:00): crypto withdrawals by default. */
const isAllWeek = (h: WithdrawView['hours']) =>
  new Set(h.days).size === 7 && h.open === '00:00' && h.close === '24:00';

/** The hours of this kind of withdrawal (PKR or crypto: each has its own), and when closed, that it is. */
export function HoursNote({ config }: { config: WithdrawView }) {
  const { t } = useTranslation();
  const days = config.hours.days.map((d) => t(`withdraw:days.${d}`)).join('، ');
  return (
    <p
      className={config.open ? 'muted small' : s.notice}
      data-testid="withdraw-hours"
      data-open={config.open}
    >
      {!config.open && <strong>{t('withdraw:form.closed')}. </strong>}
      {t('withdraw:form.hours')}:{' '}
      {isAllWeek(config.hours) ? (
        t('withdraw:form.allHours')
      ) : (
        <>
          {days} <Num>{`${config.hours.open}–${config.hours.close}`}</Num>
        </>
      )}
    </p>
  );
}

export interface Choice {
  id: number;
  title: ReactNode;
  detail: string;
}

export function DestinationChoices({
  legend,
  choices,
  field,
  error,
  empty,
}: {
  legend: string;
  choices: readonly Choice[];
  field: UseFormRegisterReturn;
  error: string | undefined;
  empty: ReactNode;
}) {
  if (choices.length === 0) return <>{empty}</>;
  return (
    <fieldset className={s.choices} data-testid="withdraw-destinations">
      <legend className="small muted">{legend}</legend>
      {choices.map((c) => (
        <label key={c.id} className={s.choice}>
          <input type="radio" value={String(c.id)} {...field} />
          <span className={s.choiceText}>
            <span>{c.title}</span>
            <Num className="muted small">{c.detail}</Num>
          </span>
        </label>
      ))}
      {error && (
        <p role="alert" className="small" data-testid="destination-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function FeeSummary({
  lines,
}: {
  lines: ReadonlyArray<{ label: string; value: string; strong?: boolean }>;
}) {
  return (
    <dl className={s.summary} data-testid="withdraw-summary">
      {lines.map((l) => (
        <div key={l.label} className={s.pair}>
          <dt>{l.label}</dt>
          <dd className={l.strong ? s.strong : undefined}>
            <Num>{l.value}</Num>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function WithdrawResult({ w, recordsTo }: { w: Withdrawal; recordsTo: string }) {
  const { t } = useTranslation();
  return (
    <ResultPage
      status="pending"
      title={t('withdraw:result.title')}
      message={t('withdraw:result.message')}
      testId="withdraw-result"
      details={[
        { label: t('withdraw:form.receive'), value: <Num>{amountOf(w, w.amount)}</Num> },
        { label: t('withdraw:result.frozen'), value: <Num>{amountOf(w, w.total)}</Num> },
        { label: t('withdraw:record.order'), value: <Num>{String(w.id)}</Num> },
      ]}
      primary={{ label: t('withdraw:result.record'), to: detailPath(w), testId: 'withdraw-result-record' }}
      secondary={{ label: t('withdraw:result.again'), to: recordsTo }}
    />
  );
}

/** The screen around a withdraw form: its title; the data (withdraw-data.ts) with loading, error and retry;
 *  the gate; then the form, and after a submit the result (the config and records are read again). */
export function WithdrawScreen({
  kind,
  title,
  recordsTo,
  form,
}: {
  kind: 'fiat' | 'crypto';
  title: string;
  recordsTo: string;
  form: (view: WithdrawView, onDone: (w: Withdrawal) => void) => ReactNode;
}) {
  const scope = useAccountScope();
  const client = useQueryClient();
  const demo = useAtomValue(accountTypeAtom) === 'demo';
  const { state, retry } = useWithdrawView(kind);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const finish = (w: Withdrawal) => {
    setDone(w);
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.withdrawConfig) });
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.withdrawals) });
  };
  return (
    <div className="page">
      <PageHeader title={title} />
      <div className="page__body">
        {done ? (
          <WithdrawResult w={done} recordsTo={recordsTo} />
        ) : (
          <RemoteView state={state} onRetry={retry}>
            {(v) => (isBlocked(v, demo) ? <WithdrawGate config={v} demo={demo} /> : form(v, finish))}
          </RemoteView>
        )}
      </div>
    </div>
  );
}

/** The sheet that confirms a withdrawal with the withdrawal password (`pin`: the form's PinField). */
export function PasswordSheet({
  open,
  onClose,
  state,
  pin,
}: {
  open: boolean;
  onClose: () => void;
  state: ContractFormState;
  pin: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <BottomSheet
      open={open}
      title={t('withdraw:form.confirmTitle')}
      onClose={onClose}
      testId="withdraw-sheet"
    >
      <FormView {...state} submitLabel={t('withdraw:form.confirm')} submitTestId="withdraw-confirm">
        {pin}
      </FormView>
    </BottomSheet>
  );
}
