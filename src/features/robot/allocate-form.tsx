// The allocate form of a robot (stock/ai/buy): the amount, checked against the tiers and the single limit as
// it is typed (the tier it falls in is named), then a confirm step that states the entry fee, the capital the
// robot will trade, the lock-in and its end date, the early-exit fee and the product's terms, then the
// transaction password. The client id is made when the form opens; a retry without an answer reuses it.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Type } from 'typebox';
import { formatMinor } from '../../../contract/money.ts';
import { RobotBuyBody, type RobotOrder, type RobotProduct } from '../../../contract/robot.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { buyCall, newClientId } from './queries.ts';
import { amountProblem, pctOf, pkrMinor, tierOf, type AmountProblem } from './robot-money.ts';
import { dayText, Facts, pkrText } from './robot-parts.tsx';
import { useRobotAction } from './use-robot-action.ts';
import s from './robot.module.css';

const AllocateFields = Type.Omit(RobotBuyBody, ['tradePassword']);
const DAY_MS = 86_400_000;

/** The lock-in end as the server will count it: from about now. */
function lockEnd(days: number): number {
  return Date.now() + days * DAY_MS;
}

interface Confirming {
  productId: string;
  amount: string;
  clientId: string;
  lockUntil: number;
}

export function problemText(t: TFunction, p: AmountProblem): string {
  switch (p.kind) {
    case 'empty':
      return t('robot:allocate.enterAmount');
    case 'belowMin':
      return t('robot:allocate.belowMin', { min: pkrText(p.min) });
    case 'aboveMax':
      return t('robot:allocate.aboveMax', { max: pkrText(p.max) });
    case 'aboveLimit':
      return t('robot:allocate.aboveLimit', { left: pkrText(p.left) });
  }
}

/** What the confirm step states, for an amount of `amount` minor units. */
export function ConfirmSummary({
  p,
  amount,
  lockUntil,
}: {
  p: RobotProduct;
  amount: bigint;
  lockUntil: number;
}) {
  const { t } = useTranslation();
  const fee = pctOf(amount, p.entryFeePct);
  const capital = formatMinor(amount - (pkrMinor(fee) ?? 0n), 2);
  const tier = tierOf(p.levels, amount);
  return (
    <div className={s.confirm} data-testid="robot-confirm">
      <Facts
        rows={[
          { label: t('robot:allocate.amount'), value: <Num>{pkrText(formatMinor(amount, 2))}</Num> },
          ...(tier ? [{ label: t('robot:allocate.tier'), value: tier.name }] : []),
          {
            label: t('robot:allocate.entryFee', { pct: p.entryFeePct }),
            value: <Num>{pkrText(fee)}</Num>,
          },
          { label: t('robot:allocate.capital'), value: <Num>{pkrText(capital)}</Num> },
          {
            label: t('robot:allocate.lockIn'),
            value: (
              <>
                {t('robot:days', { n: p.lockDays })} · <Num>{dayText(lockUntil)}</Num>
              </>
            ),
          },
        ]}
      />
      <ul className="small">
        <li>{t('robot:allocate.ruleExit', { pct: p.earlyExitFeePct })}</li>
        <li>{t('robot:allocate.ruleEnd', { pct: p.performanceFeePct })}</li>
        <li>{t('robot:allocate.ruleAdd')}</li>
        {p.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <p className={s.warning}>{p.riskNote || t('robot:risk')}</p>
    </div>
  );
}

export function AllocateForm({ p, used }: { p: RobotProduct; used: bigint }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const { form, state } = useContractForm({
    schema: AllocateFields,
    defaultValues: { productId: String(p.id), amount: '', clientId: newClientId() },
    submit: async (values) => {
      const problem = amountProblem(p, values.amount, used);
      if (problem) {
        form.setError('amount', { type: 'tier', message: problemText(t, problem) }, { shouldFocus: true });
        return;
      }
      setConfirming({ ...values, lockUntil: lockEnd(p.lockDays) });
    },
  });
  const amountText = useWatch({ control: form.control, name: 'amount' });
  const amount = pkrMinor(amountText) ?? 0n;
  const tier = amount > 0n ? tierOf(p.levels, amount) : null;
  const problem = amount > 0n ? amountProblem(p, amountText, used) : null;
  const action = useRobotAction<RobotOrder>({
    call: (tradePassword) => {
      if (!confirming) return Promise.reject(new Error('nothing to confirm'));
      const { productId, amount, clientId } = confirming;
      return buyCall({ productId, amount, clientId, tradePassword });
    },
    onDone: (order) => void navigate(routeTo('robot.orderDetail', { id: order.id }), { replace: true }),
    onRefused: () => {
      const clientId = newClientId();
      form.setValue('clientId', clientId);
      setConfirming((c) => c && { ...c, clientId });
    },
  });
  if (!p.enabled) return <p className="muted small">{t('robot:allocate.closed')}</p>;
  return (
    <>
      <FormView
        {...state}
        submitLabel={t('robot:allocate.next')}
        submitTestId="robot-allocate-next"
        testId="robot-allocate"
      >
        <AmountField
          control={form.control}
          name="amount"
          decimals={2}
          unit="PKR"
          label={t('robot:allocate.amount')}
          placeholder={t('robot:allocate.placeholder')}
          hint={
            problem
              ? problemText(t, problem)
              : tier
                ? t('robot:allocate.inTier', { tier: tier.name, fee: pkrText(pctOf(amount, p.entryFeePct)) })
                : t('robot:allocate.limits', { left: pkrText(formatMinor(used, 2)) })
          }
        />
      </FormView>
      <BottomSheet
        open={confirming !== null && !action.sheetOpen}
        title={t('robot:allocate.confirmTitle')}
        onClose={() => setConfirming(null)}
        testId="robot-confirm-sheet"
      >
        {confirming && (
          <>
            <ConfirmSummary
              p={p}
              amount={pkrMinor(confirming.amount) ?? 0n}
              lockUntil={confirming.lockUntil}
            />
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="robot-confirm-go"
              onClick={action.start}
            >
              {t('robot:allocate.confirm')}
            </button>
          </>
        )}
      </BottomSheet>
      <PasswordSheet
        open={action.sheetOpen}
        onClose={action.closeSheet}
        onComplete={action.submit}
        summary={
          confirming && (
            <p className="small">
              {p.name} · <Num>{pkrText(confirming.amount)}</Num>
            </p>
          )
        }
      />
      <ConfirmDialog
        open={action.needPassword}
        title={t('robot:allocate.needPassword')}
        confirmLabel={t('robot:allocate.setPassword')}
        onConfirm={action.goSetPassword}
        onCancel={action.closeNeedPassword}
      />
    </>
  );
}
