// /pages/user/ipoSwitch: automatic IPO subscription for the current account (real or demo: each has its own
// switch). The rule is shown above the switch and again in the confirmation before it is turned on (what is
// applied for, what money is blocked and when, when it is not applied); an optional PKR cap per application;
// the last automatic decisions, each linking to its application or offering. Rules: contract/ipo-auto.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AutoApplyBody, type AutoApplyState, type AutoRun } from '../../../contract/ipo-auto.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { autoApplyQuery, setAutoApplyCall } from './auto-queries.ts';
import { pkr, shares, when } from './ipo-parts.tsx';
import s from './ipo.module.css';

function useSaveSwitch() {
  const scope = useAccountScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAutoApplyCall,
    onSuccess: (data) => client.setQueryData(accountKey(scope, RESOURCE.ipoAuto), data),
  });
}

function Rules({ account }: { account: AutoApplyState['accountType'] }) {
  const { t } = useTranslation();
  return (
    <section className={s.section} data-testid="ipo-auto-rules">
      <h2 className="section-title">{t('ipo:auto.howTitle')}</h2>
      <ul className={s.prose}>
        <li>{t('ipo:auto.ruleWhat')}</li>
        <li>{t('ipo:auto.ruleMoney')}</li>
        <li>{t('ipo:auto.ruleNot')}</li>
        <li>{t('ipo:auto.ruleTold')}</li>
        <li>{t(`ipo:auto.ruleAccount.${account}`)}</li>
      </ul>
    </section>
  );
}

function Switch({ st }: { st: AutoApplyState }) {
  const { t } = useTranslation();
  const save = useSaveSwitch();
  const [asking, setAsking] = useState(false);
  const send = async (enabled: boolean) => {
    try {
      await save.mutateAsync({ enabled: enabled ? '1' : '0', maxAmount: st.maxAmount });
    } catch (error) {
      toastCallFailure(error);
      return;
    } finally {
      setAsking(false);
    }
    showToast(t(enabled ? 'ipo:auto.turnedOn' : 'ipo:auto.turnedOff'), { icon: 'success' });
  };
  return (
    <div className={s.cardHead}>
      <span id="ipo-auto-label">
        <strong>{t('ipo:auto.switch')}</strong>
        <span className="muted small" data-testid="ipo-auto-status">
          {' · '}
          {t(st.enabled ? 'ipo:auto.on' : 'ipo:auto.off')}
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={st.enabled}
        aria-labelledby="ipo-auto-label"
        className={s.switch}
        data-testid="ipo-auto-switch"
        disabled={save.isPending || (!st.enabled && st.offered === 0)}
        onClick={() => (st.enabled ? void send(false) : setAsking(true))}
      >
        <span className={s.switchKnob} />
      </button>
      <ConfirmDialog
        open={asking}
        title={t('ipo:auto.confirmTitle')}
        message={`${t('ipo:auto.ruleWhat')} ${t('ipo:auto.ruleMoney')} ${t('ipo:auto.ruleNot')}`}
        confirmLabel={t('ipo:auto.confirm')}
        busy={save.isPending}
        onConfirm={() => void send(true)}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

function CapForm({ st }: { st: AutoApplyState }) {
  const { t } = useTranslation();
  const save = useSaveSwitch();
  const { form, state } = useContractForm({
    schema: AutoApplyBody,
    defaultValues: { enabled: st.enabled ? '1' : '0', maxAmount: st.maxAmount },
    submit: async (values) => {
      await save.mutateAsync({ enabled: st.enabled ? '1' : '0', maxAmount: values.maxAmount ?? '' });
      showToast(t('ipo:auto.capSaved'), { icon: 'success' });
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t('ipo:auto.capSave')}
      testId="ipo-auto-cap-form"
      submitTestId="ipo-auto-cap-save"
    >
      <AmountField
        control={form.control}
        name="maxAmount"
        label={t('ipo:auto.cap')}
        decimals={2}
        unit="PKR"
        hint={t('ipo:auto.capHint')}
      />
    </FormView>
  );
}

const OUTCOME_LINK = (r: AutoRun): string =>
  r.outcome === 'applied'
    ? routeTo('stockIPO.ipoRecord')
    : routeTo('stockIPO.ipoDetail', { id: r.offeringId });

function Recent({ runs }: { runs: AutoRun[] }) {
  const { t } = useTranslation();
  return (
    <section className={s.section}>
      <h2 className="section-title">{t('ipo:auto.recent')}</h2>
      {runs.length === 0 ? (
        <p className="muted small" data-testid="ipo-auto-none">
          {t('ipo:auto.none')}
        </p>
      ) : (
        <div className={s.list} data-testid="ipo-auto-recent">
          {runs.map((r) => (
            <Link
              key={r.offeringId}
              to={OUTCOME_LINK(r)}
              className={s.card}
              data-testid="ipo-auto-run"
              data-outcome={r.outcome}
            >
              <span className={s.cardHead}>
                <span className={s.name}>
                  <strong>{r.company}</strong>
                  <Num className="muted small">{`${r.symbol} · ${when(r.createdAt)}`}</Num>
                </span>
                <span className={s.chip} data-state={r.outcome === 'applied' ? 'applied' : 'not_allotted'}>
                  {t(`ipo:auto.outcome.${r.outcome}`)}
                </span>
              </span>
              <dl className={s.facts}>
                <dt>{t('ipo:record.qty')}</dt>
                <dd>
                  <Num>{shares(r.shares)}</Num>
                </dd>
                <dt>{t(r.outcome === 'applied' ? 'ipo:auto.blocked' : 'ipo:auto.wouldBlock')}</dt>
                <dd>
                  <Num>{pkr(r.amount)}</Num>
                </dd>
              </dl>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}

export default function IpoSwitchPage() {
  const { t } = useTranslation();
  const q = useQuery(autoApplyQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.ipoSwitch')} />
      <div className="page__body">
        <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
          {(st) => (
            <>
              <Rules account={st.accountType} />
              <section className={s.card} data-testid="ipo-auto" data-enabled={st.enabled}>
                {st.offered === 0 && <p className={s.notice}>{t('ipo:auto.notOffered')}</p>}
                <Switch st={st} />
                <CapForm key={`${st.enabled}:${st.maxAmount}`} st={st} />
              </section>
              <Recent runs={st.recent} />
            </>
          )}
        </RemoteView>
      </div>
    </div>
  );
}
