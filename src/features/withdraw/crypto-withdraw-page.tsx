// Crypto withdrawal (/pages/withdraw/cryptoWithdraw): USDT to a saved withdrawal address (none: a link to add
// one). The chain's network fee is on top of the amount and is its only fee; Max = available − network fee.
// Confirmed with the withdrawal password in a sheet, like the bank form (bank-withdraw-page.tsx).
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinWithdrawAddBody, type Withdrawal } from '../../../contract/withdraw.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { PinField } from '../../shared/forms/fields/password-field.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { withThousands } from '../../shared/format/numbers.ts';
import { coinAmount } from './record-parts.tsx';
import { addCoinWithdrawalCall, newClientId } from './queries.ts';
import {
  DestinationChoices,
  FeeSummary,
  HoursNote,
  PasswordSheet,
  WithdrawScreen,
} from './withdraw-parts.tsx';
import type { WithdrawView } from './withdraw-data.ts';
import s from './withdraw.module.css';

const usdt = (minor: bigint) => `${coinAmount(formatMinor(minor, 6))} USDT`;

function CryptoForm({ config, onDone }: { config: WithdrawView; onDone: (w: Withdrawal) => void }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const available = parseMinor(config.crypto.available, 6) ?? 0n;
  const { form, state } = useContractForm({
    schema: CoinWithdrawAddBody,
    defaultValues: {
      addressId: config.addresses[0] ? String(config.addresses[0].id) : '',
      amount: '',
      password: '',
      clientId: newClientId(),
    },
    submit: async (values) => {
      onDone(await addCoinWithdrawalCall(values));
    },
    // A refusal about the address or the amount shows at that field, behind the sheet: close it.
    onFailure: (error) => {
      if (error instanceof BusinessError && (error.field === 'amount' || error.field === 'addressId'))
        setSheet(false);
    },
  });
  const errors = form.formState.errors;
  const addressIdTyped = useWatch({ control: form.control, name: 'addressId' });
  const amountTyped = useWatch({ control: form.control, name: 'amount' });
  const chosen = config.addresses.find((a) => String(a.id) === addressIdTyped);
  const netFee = chosen ? (parseMinor(config.crypto.networkFee[chosen.chain], 6) ?? 0n) : null;
  const amount = parseMinor(amountTyped, 6);
  const max = netFee !== null && available > netFee ? available - netFee : 0n;
  const next = async () => {
    if (await form.trigger(['addressId', 'amount'])) setSheet(true);
  };
  return (
    <div className={s.section}>
      <HoursNote config={config} />
      <DestinationChoices
        legend={t('withdraw:form.destination')}
        choices={config.addresses.map((a) => ({
          id: a.id,
          title: `${a.chain}${a.label ? ` · ${a.label}` : ''}`,
          detail: a.address,
        }))}
        field={form.register('addressId')}
        error={errors.addressId?.message}
        empty={
          <EmptyState
            title={t('withdraw:form.noAddress')}
            testId="withdraw-no-address"
            action={
              <Link
                className="btn btn--primary"
                to={routeTo('wallet.addAdress')}
                data-testid="withdraw-add-address"
              >
                {t('withdraw:form.addAddress')}
              </Link>
            }
          />
        }
      />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void next();
        }}
        className={s.section}
        data-testid="withdraw-form"
      >
        <AmountField
          control={form.control}
          name="amount"
          decimals={6}
          unit="USDT"
          max={formatMinor(max, 6).replace(/\.?0+$/, '')}
          label={t('withdraw:form.amount')}
          placeholder={t('withdraw:form.amountPlaceholder')}
          hint={`${t('withdraw:form.available')}: ${usdt(available)}`}
        />
        <FeeSummary
          lines={[
            { label: t('withdraw:form.networkFee'), value: netFee === null ? '—' : usdt(netFee) },
            { label: t('withdraw:form.receive'), value: amount ? usdt(amount) : '—', strong: true },
            {
              label: t('withdraw:form.total'),
              value: netFee === null || !amount ? '—' : usdt(amount + netFee),
            },
            {
              label: t('withdraw:form.limits'),
              value: t('withdraw:form.limitsText', {
                min: withThousands(config.crypto.min),
                max: withThousands(config.crypto.max),
                unit: 'USDT',
              }),
            },
          ]}
        />
        <p className="muted small">{t('withdraw:form.feeNote')}</p>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={config.addresses.length === 0}
          data-testid="withdraw-next"
        >
          {t('withdraw:form.submit')}
        </button>
      </form>
      <PasswordSheet
        open={sheet}
        onClose={() => setSheet(false)}
        state={state}
        pin={
          <PinField
            control={form.control}
            name="password"
            label={t('withdraw:form.password')}
            placeholder={t('withdraw:form.passwordPlaceholder')}
          />
        }
      />
    </div>
  );
}

export default function CryptoWithdrawPage() {
  const { t } = useTranslation();
  return (
    <WithdrawScreen
      kind="crypto"
      title={t('nav:title.withdraw.cryptoWithdraw')}
      recordsTo={routeTo('withdraw.cryptoRecord')}
      form={(v, onDone) => <CryptoForm config={v} onDone={onDone} />}
    />
  );
}
