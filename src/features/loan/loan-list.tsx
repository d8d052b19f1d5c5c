// My loans: every loan newest first with its state (spec §4), amount, due date, days late, and for one in
// progress the amount to repay now (interest for the days used) with a Repay button: the transaction password
// in a sheet, then the repayment is frozen until the account manager confirms it.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoanRepayBody, type Loan } from '../../../contract/loan.ts';
import { PinField } from '../../shared/forms/fields/password-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { invalidateLoans, loansQuery, repayCall } from './queries.ts';
import s from './loan.module.css';

function RepaySheet({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const total = loan.repayNow ?? '0';
  const { form, state } = useContractForm({
    schema: LoanRepayBody,
    defaultValues: { id: String(loan.id), total, password: '' },
    submit: async (values) => {
      await repayCall(values);
      onClose();
      await invalidateLoans(client, scope);
    },
  });
  return (
    <BottomSheet
      open
      title={t('loan:loan.repayTitle', { total: formatPKRAmount(total) })}
      onClose={onClose}
      testId="repay-sheet"
    >
      <FormView {...state} submitLabel={t('loan:loan.confirm')} submitTestId="repay-confirm">
        <PinField
          control={form.control}
          name="password"
          label={t('loan:loan.password')}
          placeholder={t('loan:loan.passwordPlaceholder')}
        />
      </FormView>
    </BottomSheet>
  );
}

function LoanRow({ l, onRepay }: { l: Loan; onRepay: (l: Loan) => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.row} data-testid="loan-row" data-status={l.status}>
      <span className={s.rowMain}>
        <strong>
          <Num>{`${formatPKRAmount(l.amount)} PKR`}</Num> · {t('loan:loan.daysOption', { days: l.days })}
        </strong>
        <span className="small" data-testid="loan-status">
          {t(`loan:loan.status.${l.status}`)}
          {l.lateDays > 0 && (
            <span className="badge badge--fail" data-testid="loan-late">
              {' '}
              {t('loan:loan.late', { days: l.lateDays })}
            </span>
          )}
        </span>
        {l.dueAt !== null && l.status !== 'repaid' && (
          <span className="muted small">
            {t('loan:loan.due', { date: formatDate(l.dueAt, 'YYYY-MM-DD') })}
          </span>
        )}
        {l.repaidTotal !== null && (
          <span className="muted small">
            {t('loan:loan.repaid', { total: formatPKRAmount(l.repaidTotal) })}
          </span>
        )}
        {l.reason && <span className="muted small">{t('loan:loan.reason', { reason: l.reason })}</span>}
      </span>
      {l.status === 'active' && l.repayNow !== null && (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => onRepay(l)}
          data-testid="loan-repay"
        >
          {t('loan:loan.repay')}
          <span className="small">
            {' '}
            <Num>{formatPKRAmount(l.repayNow)}</Num>
          </span>
        </button>
      )}
    </div>
  );
}

export function LoanList() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(loansQuery(useAccountScope()));
  const [repaying, setRepaying] = useState<Loan | null>(null);
  return (
    <section aria-labelledby="my-loans">
      <h2 id="my-loans" className="small">
        {t('loan:loan.mine')}
      </h2>
      <PagedList
        query={query}
        itemKey={(l) => l.id}
        renderItem={(l) => <LoanRow l={l} onRepay={setRepaying} />}
        empty={<EmptyState title={t('loan:loan.none')} />}
        testId="loan-list"
      />
      {repaying && <RepaySheet loan={repaying} onClose={() => setRepaying(null)} />}
    </section>
  );
}
