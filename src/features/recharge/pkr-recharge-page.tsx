// A PKR deposit request (/pages/recharge/bankRecharge, walletRecharge, offlineRecharge and the
// /pages/walletRechage/* namesakes): bank transfer or mobile wallet — pick the receiving account
// (index/bank/recharge; `?account=` from the channel list preselects one), the amount within the limits of
// common/props, for a wallet the number paid from; offline — the channel password and the amount. The form
// carries a clientId made when it opens, so a retried submit makes one record. Then the result: where to
// pay, the reference to quote, Pending.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { RechargeAddBody } from '../../../contract/deposits.ts';
import type { Deposit, PropsResult, ReceivingAccount } from '../../../workers/protocol/deposits.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { PasswordField } from '../../shared/forms/fields/password-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { limitText, propsQuery } from '../../shared/query/props-query.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { addRechargeCall, newClientId, receivingAccountsQuery } from './queries.ts';
import { AccountChoices, DepositGate, DepositResult } from './recharge-parts.tsx';

type PkrChannel = 'bank' | 'wallet' | 'offline';

/** Which channel a path deposits by: the wallet and offline pages by name, every other one by bank. */
export function channelOfPath(path: string): PkrChannel {
  if (/\/walletRecharge$|\/walletChannel$/.test(path)) return 'wallet';
  if (path.endsWith('/offlineRecharge')) return 'offline';
  return 'bank';
}

function limitsHint(props: PropsResult): string {
  return [limitText(props, 'deposit.min'), limitText(props, 'deposit.max')].filter(Boolean).join(' · ');
}

function AccountForm({
  channel,
  accounts,
  props,
  onDone,
}: {
  channel: 'bank' | 'wallet';
  accounts: readonly ReceivingAccount[];
  props: PropsResult;
  onDone: (d: Deposit) => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wanted = params.get('account');
  const first = accounts.find((a) => String(a.id) === wanted) ?? accounts[0];
  const { form, state } = useContractForm({
    schema: RechargeAddBody,
    defaultValues: {
      channel,
      amount: '',
      clientId: newClientId(),
      receivingAccountId: first ? String(first.id) : '',
      payer: '',
    },
    submit: async (v) => onDone(await addRechargeCall({ ...v, payer: v.payer || undefined })),
  });
  return (
    <FormView
      {...state}
      submitLabel={t('recharge:form.submit')}
      submitTestId="deposit-submit"
      testId="deposit-form"
    >
      <AccountChoices
        accounts={accounts}
        field={form.register('receivingAccountId')}
        error={form.formState.errors.receivingAccountId?.message}
        legend={t('recharge:form.payTo')}
      />
      <AmountField
        control={form.control}
        name="amount"
        decimals={2}
        unit="PKR"
        label={t('recharge:form.amount')}
        placeholder={t('recharge:form.amountPlaceholder')}
        hint={limitsHint(props)}
      />
      {channel === 'wallet' && (
        <TextField
          control={form.control}
          name="payer"
          label={t('recharge:form.payer')}
          placeholder="03XXXXXXXXX"
          inputMode="tel"
          maxLength={40}
          ltr
        />
      )}
    </FormView>
  );
}

function OfflineForm({ props, onDone }: { props: PropsResult; onDone: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const { form, state } = useContractForm({
    schema: RechargeAddBody,
    defaultValues: { channel: 'offline', amount: '', clientId: newClientId(), channelPassword: '' },
    submit: async (v) => onDone(await addRechargeCall(v)),
  });
  return (
    <FormView
      {...state}
      submitLabel={t('recharge:form.submit')}
      submitTestId="deposit-submit"
      testId="deposit-form"
    >
      <p className="muted small">{t('recharge:form.offlineIntro')}</p>
      <PasswordField
        control={form.control}
        name="channelPassword"
        label={t('recharge:form.channelPassword')}
        autoComplete="current-password"
      />
      <AmountField
        control={form.control}
        name="amount"
        decimals={2}
        unit="PKR"
        label={t('recharge:form.amount')}
        placeholder={t('recharge:form.amountPlaceholder')}
        hint={limitsHint(props)}
      />
    </FormView>
  );
}

function Form({ channel, onDone }: { channel: PkrChannel; onDone: (d: Deposit) => void }) {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const props = useQuery(propsQuery(i18n.language));
  const accounts = useQuery({ ...receivingAccountsQuery(scope), enabled: channel !== 'offline' });
  const propsState = toRemoteState(props);
  if (channel === 'offline')
    return (
      <RemoteView state={propsState} onRetry={() => void props.refetch()}>
        {(p) => <OfflineForm props={p} onDone={onDone} />}
      </RemoteView>
    );
  return (
    <RemoteView state={propsState} onRetry={() => void props.refetch()}>
      {(p) => (
        <RemoteView
          state={toRemoteState(accounts)}
          onRetry={() => void accounts.refetch()}
          isEmpty={(a) => !a.list.some((x) => x.channel === channel)}
          empty={<EmptyState title={t('recharge:form.noAccounts')} testId="deposit-no-accounts" />}
        >
          {(a) => (
            <AccountForm
              channel={channel}
              accounts={a.list.filter((x) => x.channel === channel)}
              props={p}
              onDone={onDone}
            />
          )}
        </RemoteView>
      )}
    </RemoteView>
  );
}

const TITLE = {
  bank: 'nav:title.recharge.bankRecharge',
  wallet: 'nav:title.recharge.walletRecharge',
  offline: 'nav:title.recharge.offlineRecharge',
} as const;

export default function PkrRechargePage() {
  const { t } = useTranslation();
  const channel = channelOfPath(useLocation().pathname);
  const scope = useAccountScope();
  const client = useQueryClient();
  const [done, setDone] = useState<Deposit | null>(null);
  const finish = (d: Deposit) => {
    setDone(d);
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.deposits) });
  };
  return (
    <div className="page">
      <PageHeader title={t(TITLE[channel])} />
      <div className="page__body">
        {done ? (
          <DepositResult d={done} />
        ) : (
          <DepositGate>{() => <Form channel={channel} onDone={finish} />}</DepositGate>
        )}
        {!done && (
          <Link className="btn btn--ghost btn--block" to={routeTo('recharge.rechargeRecord')}>
            {t('nav:title.recharge.rechargeRecord')}
          </Link>
        )}
      </div>
    </div>
  );
}
