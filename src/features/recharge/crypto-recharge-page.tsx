// Crypto deposit (/pages/recharge/cryptoRecharge and coinRecharge): a tab per chain accepted
// (index/recharge/coins), the caller's own deposit address on it (coin/recharge/address; made with
// coin/recharge/address/generate on first open), kept left-to-right with a copy button, the minimum and the
// confirmations before it is credited; "I have sent it" opens a sheet to report the amount and, optionally,
// the transfer hash (coin/recharge/add with a clientId made when the sheet's form opens); then the result.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinRechargeAddBody } from '../../../contract/deposits.ts';
import type { Coin, Deposit } from '../../../workers/protocol/deposits.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { withThousands } from '../../shared/format/numbers.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { addCoinRechargeCall, coinsQuery, depositAddressQuery, newClientId, type Chain } from './queries.ts';
import { Copyable, DepositGate, DepositResult } from './recharge-parts.tsx';
import s from './recharge.module.css';

const PANEL_ID = 'deposit-chain-panel';

function ReportForm({ coin, onDone }: { coin: Coin; onDone: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const { form, state } = useContractForm({
    schema: CoinRechargeAddBody,
    defaultValues: { chain: coin.chain, amount: '', clientId: newClientId(), txHash: '' },
    submit: async (v) => onDone(await addCoinRechargeCall({ ...v, txHash: v.txHash || undefined })),
  });
  return (
    <FormView {...state} submitLabel={t('recharge:crypto.submit')} submitTestId="coin-submit">
      <AmountField
        control={form.control}
        name="amount"
        decimals={6}
        unit="USDT"
        label={t('recharge:crypto.amount')}
        hint={t('recharge:crypto.minimum', { min: withThousands(coin.min) })}
      />
      <TextField
        control={form.control}
        name="txHash"
        label={t('recharge:crypto.txHash')}
        maxLength={66}
        autoCapitalize="off"
        ltr
      />
    </FormView>
  );
}

function ChainPanel({ coin, onDone }: { coin: Coin; onDone: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const address = useQuery(depositAddressQuery(useAccountScope(), coin.chain));
  const [sheet, setSheet] = useState(false);
  return (
    <RemoteView state={toRemoteState(address)} onRetry={() => void address.refetch()}>
      {(a) => (
        <div className={s.section}>
          <p className="small muted">{t('recharge:crypto.address')}</p>
          <div className={s.address} dir="ltr" data-testid="coin-address">
            <Copyable value={a.address ?? ''} label={t('recharge:crypto.address')} />
          </div>
          <p className={s.notice}>{t('recharge:crypto.warning', { chain: coin.chain })}</p>
          <p className="small" data-testid="coin-notes">
            {t('recharge:crypto.minimum', { min: coin.min })}{' '}
            {t('recharge:crypto.confirmations', { n: coin.confirmations })}
          </p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => setSheet(true)}
            data-testid="coin-sent"
          >
            {t('recharge:crypto.sent')}
          </button>
          <BottomSheet
            open={sheet}
            title={t('recharge:crypto.sent')}
            onClose={() => setSheet(false)}
            testId="coin-sheet"
          >
            <ReportForm coin={coin} onDone={onDone} />
          </BottomSheet>
        </div>
      )}
    </RemoteView>
  );
}

function Chains({ coins, onDone }: { coins: readonly Coin[]; onDone: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const [chain, setChain] = useState<Chain>(coins[0]?.chain ?? 'TRC20');
  const coin = coins.find((c) => c.chain === chain) ?? coins[0];
  return (
    <div className={s.section}>
      <Tabs
        items={coins.map((c) => ({ value: c.chain, label: c.chain, testId: `coin-chain-${c.chain}` }))}
        value={chain}
        onChange={setChain}
        label={t('recharge:crypto.chain')}
        variant="pill"
        panelId={PANEL_ID}
      />
      <TabPanel id={PANEL_ID} value={chain}>
        {coin && <ChainPanel key={coin.chain} coin={coin} onDone={onDone} />}
      </TabPanel>
    </div>
  );
}

export default function CryptoRechargePage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const coins = useQuery(coinsQuery(scope));
  const [done, setDone] = useState<Deposit | null>(null);
  const finish = (d: Deposit) => {
    setDone(d);
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.deposits) });
  };
  return (
    <div className="page">
      <PageHeader title={t('nav:title.recharge.cryptoRecharge')} />
      <div className="page__body">
        {done ? (
          <DepositResult d={done} />
        ) : (
          <DepositGate>
            {() => (
              <RemoteView
                state={toRemoteState(coins)}
                onRetry={() => void coins.refetch()}
                isEmpty={(c) => c.list.length === 0}
                empty={<EmptyState title={t('recharge:choose.none')} testId="coin-none" />}
              >
                {(c) => <Chains coins={c.list} onDone={finish} />}
              </RemoteView>
            )}
          </DepositGate>
        )}
        <Link className="btn btn--ghost btn--block" to={routeTo('recharge.coinRechargeList')}>
          {t('recharge:crypto.records')}
        </Link>
      </div>
    </div>
  );
}
