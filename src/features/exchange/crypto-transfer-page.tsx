// /pages/exchange/cryptoTransfer: USDT between the spot account and the contract account (coin/transfer), no
// fee. The swap button turns the direction round; Max fills the from-account's available USDT.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CoinTransferBody, type CoinAssets, type CoinTransfer } from '../../../contract/exchange.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconSwap } from '../../shared/ui/icons.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { ResultPage } from '../../shared/ui/result-page.tsx';
import { usdtText } from './exchange-parts.tsx';
import { coinAssetsQuery, invalidateMoney, newClientId, transferCall } from './queries.ts';
import s from './exchange.module.css';

function availableIn(a: CoinAssets, account: 'spot' | 'contract'): string {
  return account === 'spot'
    ? (a.spot.assets.find((x) => x.asset === 'USDT')?.available ?? '0')
    : a.contract.available;
}

function TransferForm({ assets, onDone }: { assets: CoinAssets; onDone: (r: CoinTransfer) => void }) {
  const { t } = useTranslation();
  const { form, state } = useContractForm({
    schema: CoinTransferBody,
    defaultValues: { from: 'spot', to: 'contract', amount: '', clientId: newClientId() },
    submit: async (values) => {
      onDone(await transferCall(values));
    },
  });
  const from = useWatch({ control: form.control, name: 'from' }) === 'contract' ? 'contract' : 'spot';
  const to = from === 'spot' ? 'contract' : 'spot';
  const available = availableIn(assets, from);
  const name = (a: 'spot' | 'contract') => t(`exchange:accounts.${a}`);
  return (
    <FormView
      {...state}
      submitLabel={t('exchange:transfer.submit')}
      submitTestId="transfer-submit"
      testId="transfer-form"
    >
      <div className={s.pair}>
        <div className={s.pairSide} data-testid="transfer-from">
          <span className="muted small">{t('exchange:transfer.from')}</span>
          <strong>{name(from)}</strong>
        </div>
        <button
          type="button"
          className={s.swap}
          aria-label={t('exchange:transfer.swap')}
          data-testid="transfer-swap"
          onClick={() => {
            form.setValue('from', to);
            form.setValue('to', from);
            form.setValue('amount', '');
          }}
        >
          <IconSwap size={20} />
        </button>
        <div className={s.pairSide} data-testid="transfer-to">
          <span className="muted small">{t('exchange:transfer.to')}</span>
          <strong>{name(to)}</strong>
        </div>
      </div>
      <AmountField
        control={form.control}
        name="amount"
        decimals={6}
        unit="USDT"
        max={available}
        label={t('exchange:transfer.amount')}
        placeholder={t('exchange:form.amountPlaceholder')}
        hint={`${t('exchange:transfer.available')}: ${usdtText(available)}`}
      />
      <p className="muted small">{t('exchange:transfer.noFee')}</p>
    </FormView>
  );
}

export default function CryptoTransferPage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const assets = useQuery(coinAssetsQuery(scope));
  const [done, setDone] = useState<CoinTransfer | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div className="page">
      <PageHeader title={t('nav:title.exchange.cryptoTransfer')} />
      <div className="page__body">
        {done ? (
          <ResultPage
            status="success"
            title={t('exchange:transfer.doneTitle')}
            testId="transfer-done"
            details={[
              { label: t('exchange:transfer.from'), value: t(`exchange:accounts.${done.from}`) },
              { label: t('exchange:transfer.to'), value: t(`exchange:accounts.${done.to}`) },
              { label: t('exchange:transfer.amount'), value: <Num>{usdtText(done.amount)}</Num> },
            ]}
            primary={{
              label: t('exchange:form.toHub'),
              to: routeTo('exchange.index'),
              testId: 'transfer-to-hub',
            }}
            secondary={{
              label: t('exchange:transfer.again'),
              onClick: () => {
                setDone(null);
                setRound((n) => n + 1);
              },
            }}
          />
        ) : (
          <RemoteView state={toRemoteState(assets)} onRetry={() => void assets.refetch()}>
            {(a) => (
              <TransferForm
                key={round}
                assets={a}
                onDone={(r) => {
                  setDone(r);
                  invalidateMoney(client, scope);
                }}
              />
            )}
          </RemoteView>
        )}
      </div>
    </div>
  );
}
