// The loan calculator and application: amount + days → the key fact statement (computed with the server's
// rule), the acceptance box, then the transaction password in a sheet. The form carries the statement's total
// and APR (the server refuses with "terms have changed" if they no longer match) and a clientId made when it
// opens, so a retried submit is one loan.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoanApplyBody, type LoanOverview } from '../../../contract/loan.ts';
import { aprText, loanTerms } from '../../../contract/loan-terms.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { CheckField } from '../../shared/forms/fields/check-field.tsx';
import { PinField } from '../../shared/forms/fields/password-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { KeyFacts } from './key-facts.tsx';
import { applyCall, invalidateLoans, newClientId } from './queries.ts';
import s from './loan.module.css';

export function LoanForm({ overview }: { overview: LoanOverview }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [sheet, setSheet] = useState(false);
  const [done, setDone] = useState(false);
  // the statement's dates assume the loan is paid out today: the day the form opened
  const [openedAt] = useState(() => Date.now());
  const { form, state } = useContractForm({
    schema: LoanApplyBody,
    defaultValues: {
      amount: '',
      days: String(overview.days[2] ?? overview.days[0] ?? 30),
      total: '',
      apr: '',
      accept: '0',
      password: '',
      clientId: newClientId(),
    },
    submit: async (values) => {
      await applyCall(values);
      setSheet(false);
      setDone(true);
      form.reset({ ...form.getValues(), amount: '', accept: '0', password: '', clientId: newClientId() });
      await invalidateLoans(client, scope);
    },
    onFailure: () => setSheet(false),
  });
  const amountText = useWatch({ control: form.control, name: 'amount' });
  const daysText = useWatch({ control: form.control, name: 'days' });
  const amount = parseMinor(amountText, 2);
  // "0.05" % a day → 500 ppm: a percent with 4 places is parts per million
  const terms =
    amount && amount > 0n
      ? loanTerms({
          principal: amount,
          days: Number(daysText),
          dailyRatePpm: parseMinor(overview.dailyRate, 4) ?? 0n,
          feeRatePpm: parseMinor(overview.feeRate, 4) ?? 0n,
          start: openedAt,
        })
      : null;
  const next = async () => {
    if (!terms || typeof terms === 'string') return;
    form.setValue('total', formatMinor(terms.total, 2));
    form.setValue('apr', aprText(terms.aprBp));
    if (await form.trigger(['amount', 'days', 'accept'])) setSheet(true);
  };
  return (
    <div className={s.section}>
      {done && (
        <div className="card" role="status" data-testid="loan-applied">
          <strong>{t('loan:loan.applied')}</strong>
          <p className="small">{t('loan:loan.appliedText')}</p>
        </div>
      )}
      <p className="small" data-testid="loan-limits">
        {t('loan:loan.limits', { min: formatPKRAmount(overview.min), max: formatPKRAmount(overview.max) })}
      </p>
      <form
        noValidate
        className={s.section}
        onSubmit={(e) => {
          e.preventDefault();
          void next();
        }}
        data-testid="loan-form"
      >
        <AmountField
          control={form.control}
          name="amount"
          decimals={2}
          unit="PKR"
          max={overview.max}
          label={t('loan:loan.amount')}
          placeholder={t('loan:loan.amountPlaceholder')}
        />
        <Segmented
          label={t('loan:loan.days')}
          value={daysText}
          options={overview.days.map((d) => ({
            value: String(d),
            label: t('loan:loan.daysOption', { days: d }),
          }))}
          onChange={(v) => form.setValue('days', v)}
          testId="loan-days"
        />
        {terms && typeof terms !== 'string' && (
          <KeyFacts
            terms={terms}
            dailyRate={overview.dailyRate}
            openDebt={overview.openDebt}
            openCap={overview.openCap}
          />
        )}
        <CheckField control={form.control} name="accept">
          {t('loan:loan.accept')}
        </CheckField>
        {state.formError && !sheet && (
          <p role="alert" className="small" data-testid="loan-error">
            {state.formError}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" data-testid="loan-apply">
          {t('loan:loan.apply')}
        </button>
      </form>
      <BottomSheet
        open={sheet}
        title={t('loan:loan.confirmTitle')}
        onClose={() => setSheet(false)}
        testId="loan-sheet"
      >
        <FormView {...state} submitLabel={t('loan:loan.confirm')} submitTestId="loan-confirm">
          <PinField
            control={form.control}
            name="password"
            label={t('loan:loan.password')}
            placeholder={t('loan:loan.passwordPlaceholder')}
          />
        </FormView>
      </BottomSheet>
    </div>
  );
}
