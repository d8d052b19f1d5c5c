// The actions of a running robot order: add money (stock/ai/order/add/amount: at least the product's minimum
// add, within the tier's max and the single limit; the lock-in does not restart) and exit (stock/ai/order/exit:
// the early-exit fee it would cost now is stated before the password). Both confirm with the transaction
// password; the add carries a client id made when its sheet opens.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Type } from 'typebox';
import { RobotAddBody, type RobotOrder, type RobotProduct } from '../../../contract/robot.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { addCall, exitCall, newClientId } from './queries.ts';
import { pctOf, pkrMinor } from './robot-money.ts';
import { pkrText } from './robot-parts.tsx';
import { useRobotAction } from './use-robot-action.ts';
import s from './robot.module.css';

const AddFields = Type.Omit(RobotAddBody, ['tradePassword']);

function AddForm(props: {
  o: RobotOrder;
  p: RobotProduct;
  clientId: string;
  onNext: (amount: string) => void;
}) {
  const { o, p, clientId, onNext } = props;
  const { t } = useTranslation();
  const { form, state } = useContractForm({
    schema: AddFields,
    defaultValues: { orderId: String(o.id), amount: '', clientId },
    submit: async (values) => {
      const amount = pkrMinor(values.amount) ?? 0n;
      if (amount < (pkrMinor(p.minAdd) ?? 0n)) {
        form.setError('amount', {
          type: 'min',
          message: t('robot:add.belowMin', { min: pkrText(p.minAdd) }),
        });
        return;
      }
      onNext(values.amount);
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t('robot:allocate.next')}
      submitTestId="robot-add-next"
      testId="robot-add"
    >
      <AmountField
        control={form.control}
        name="amount"
        decimals={2}
        unit="PKR"
        label={t('robot:add.amount')}
        placeholder={t('robot:allocate.placeholder')}
        hint={t('robot:add.hint', { min: pkrText(p.minAdd), pct: p.entryFeePct })}
      />
      <p className="small muted">{t('robot:allocate.ruleAdd')}</p>
    </FormView>
  );
}

export function OrderActions({ o, p }: { o: RobotOrder; p: RobotProduct }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [addAmount, setAddAmount] = useState<string | null>(null);
  const [exiting, setExiting] = useState(false);
  const [clientId, setClientId] = useState(newClientId);
  const add = useRobotAction<RobotOrder>({
    call: (tradePassword) =>
      addCall({ orderId: String(o.id), amount: addAmount ?? '', clientId, tradePassword }),
    onDone: () => {
      setAdding(false);
      setAddAmount(null);
      setClientId(newClientId());
      showToast(t('robot:add.done'), { icon: 'success' });
    },
    onRefused: () => setClientId(newClientId()),
  });
  const exit = useRobotAction<RobotOrder>({
    call: (tradePassword) => exitCall({ orderId: String(o.id), tradePassword }),
    onDone: () => {
      setExiting(false);
      showToast(t('robot:exit.done'), { icon: 'success' });
    },
  });
  if (!o.canAdd && !o.canExit) return null;
  const early = (pkrMinor(o.exitFeeNow) ?? 0n) > 0n;
  return (
    <>
      <div className={s.actions}>
        {o.canAdd && (
          <button
            type="button"
            className="btn btn--primary"
            data-testid="robot-add-open"
            onClick={() => {
              setClientId(newClientId());
              setAdding(true);
            }}
          >
            {t('robot:add.title')}
          </button>
        )}
        {o.canExit && (
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="robot-exit-open"
            onClick={() => setExiting(true)}
          >
            {t('robot:exit.title')}
          </button>
        )}
      </div>
      <BottomSheet
        open={adding && !add.sheetOpen}
        title={t('robot:add.title')}
        onClose={() => {
          setAdding(false);
          setAddAmount(null);
        }}
        testId="robot-add-sheet"
      >
        {addAmount === null ? (
          <AddForm o={o} p={p} clientId={clientId} onNext={setAddAmount} />
        ) : (
          <div className={s.confirm} data-testid="robot-add-confirm">
            <p>
              {t('robot:add.confirmText', {
                amount: pkrText(addAmount),
                fee: pkrText(pctOf(pkrMinor(addAmount) ?? 0n, p.entryFeePct)),
                pct: p.entryFeePct,
              })}
            </p>
            <p className="small muted">{t('robot:allocate.ruleAdd')}</p>
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="robot-add-go"
              onClick={add.start}
            >
              {t('robot:allocate.confirm')}
            </button>
          </div>
        )}
      </BottomSheet>
      <ConfirmDialog
        open={exiting && !exit.sheetOpen}
        title={t('robot:exit.title')}
        message={
          early
            ? t('robot:exit.early', { fee: pkrText(o.exitFeeNow), pct: p.earlyExitFeePct })
            : t('robot:exit.free')
        }
        confirmLabel={t('robot:exit.confirm')}
        danger
        onConfirm={exit.start}
        onCancel={() => setExiting(false)}
      />
      <PasswordSheet
        open={add.sheetOpen || exit.sheetOpen}
        onClose={() => {
          add.closeSheet();
          exit.closeSheet();
        }}
        onComplete={add.sheetOpen ? add.submit : exit.submit}
        summary={
          <p className="small">
            {p.name} · {add.sheetOpen ? <Num>{pkrText(addAmount ?? '0')}</Num> : t('robot:exit.title')}
          </p>
        }
      />
      <ConfirmDialog
        open={add.needPassword || exit.needPassword}
        title={t('robot:allocate.needPassword')}
        confirmLabel={t('robot:allocate.setPassword')}
        onConfirm={add.needPassword ? add.goSetPassword : exit.goSetPassword}
        onCancel={() => {
          add.closeNeedPassword();
          exit.closeNeedPassword();
        }}
      />
    </>
  );
}
