// Withdraw to a bank account or wallet (/pages/withdraw/bankWithdraw, the drawer's Withdraw): pick a bound
// destination (none: a link to add one), the amount (Max = the most whose amount + fee fits the available
// balance), the fee and "You receive" computed with the server's own rule (contract/withdraw-fee.ts: the fee
// is on top), hours and limits; confirm with the withdrawal password in a sheet; then the result. The form
// carries a clientId made when it opens, so a retried submit makes one withdrawal.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WithdrawAddBody, type Withdrawal } from '../../../contract/withdraw.ts';
import { feeRatePpm, maxWithdrawAmount, withdrawFee } from '../../../contract/withdraw-fee.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { PinField } from '../../shared/forms/fields/password-field.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { addWithdrawalCall, newClientId } from './queries.ts';
import {
  DestinationChoices,
  FeeSummary,
  HoursNote,
  PasswordSheet,
  WithdrawScreen,
} from './withdraw-parts.tsx';
import type { WithdrawView } from './withdraw-data.ts';
import s from './withdraw.module.css';

const pkr = (minor: bigint) => `${formatPKRAmount(formatMinor(minor, 2))} PKR`;

function BankForm({ config, onDone }: { config: WithdrawView; onDone: (w: Withdrawal) => void }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const ppm = feeRatePpm(config.feeRate) ?? 0n;
  const feeMin = parseMinor(config.feeMin, 2) ?? 0n;
  const available = parseMinor(config.pkr.available, 2) ?? 0n;
  const { form, state } = useContractForm({
    schema: WithdrawAddBody,
    defaultValues: {
      bindingId: config.bindings[0] ? String(config.bindings[0].id) : '',
      amount: '',
      password: '',
      clientId: newClientId(),
    },
    submit: async (values) => {
      onDone(await addWithdrawalCall(values));
    },
    // A refusal about the destination or the amount shows at that field, behind the sheet: close it.
    onFailure: (error) => {
      if (error instanceof BusinessError && (error.field === 'amount' || error.field === 'bindingId'))
        setSheet(false);
    },
  });
  const errors = form.formState.errors;
  const amountTyped = useWatch({ control: form.control, name: 'amount' });
  const amount = parseMinor(amountTyped, 2);
  const fee = amount && amount > 0n ? withdrawFee(amount, ppm, feeMin) : null;
  const max = maxWithdrawAmount(available, ppm, feeMin);
  const dailyLeft = (parseMinor(config.pkr.dailyMax, 2) ?? 0n) - (parseMinor(config.pkr.usedToday, 2) ?? 0n);
  const next = async () => {
    if (await form.trigger(['bindingId', 'amount'])) setSheet(true);
  };
  return (
    <div className={s.section}>
      <HoursNote config={config} />
      <DestinationChoices
        legend={t('withdraw:form.destination')}
        choices={config.bindings.map((b) => ({
          id: b.id,
          title: `${b.kind === 'wallet' ? t('withdraw:channel.wallet') : t('withdraw:channel.bank')} · ${b.title}`,
          detail: `${b.provider} ${b.display}`,
        }))}
        field={form.register('bindingId')}
        error={errors.bindingId?.message}
        empty={
          <EmptyState
            title={t('withdraw:form.noBinding')}
            testId="withdraw-no-binding"
            action={
              <Link
                className="btn btn--primary"
                to={routeTo('wallet.addBank')}
                data-testid="withdraw-add-bank"
              >
                {t('withdraw:form.addBank')}
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
          decimals={2}
          unit="PKR"
          max={formatMinor(max, 2)}
          label={t('withdraw:form.amount')}
          placeholder={t('withdraw:form.amountPlaceholder')}
          hint={`${t('withdraw:form.available')}: ${pkr(available)}`}
        />
        <FeeSummary
          lines={[
            { label: t('withdraw:form.fee'), value: fee === null ? '—' : pkr(fee) },
            { label: t('withdraw:form.receive'), value: amount ? pkr(amount) : '—', strong: true },
            { label: t('withdraw:form.total'), value: fee === null || !amount ? '—' : pkr(amount + fee) },
            {
              label: t('withdraw:form.limits'),
              value: t('withdraw:form.limitsText', {
                min: withThousands(config.pkr.min),
                max: withThousands(config.pkr.max),
                unit: 'PKR',
              }),
            },
            { label: t('withdraw:form.daily'), value: pkr(dailyLeft > 0n ? dailyLeft : 0n) },
          ]}
        />
        <p className="muted small">{t('withdraw:form.feeNote')}</p>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={config.bindings.length === 0}
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

export default function BankWithdrawPage() {
  const { t } = useTranslation();
  return (
    <WithdrawScreen
      kind="fiat"
      title={t('nav:title.withdraw.bankWithdraw')}
      recordsTo={routeTo('withdraw.withdrawRecord')}
      form={(v, onDone) => <BankForm config={v} onDone={onDone} />}
    />
  );
}
