// The subscribe / redeem form of a fund: the amount (PKR) or units, the next cut-off, then a confirm step that
// states what happens (forward pricing: the money leaves now and becomes units at the close's NAV, less the
// entry fee; or the units are paid at the close's NAV) and the lock-in, then the transaction password
// (usePasswordAction). The client id is made when the form opens; a retry without an answer reuses it.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Type } from 'typebox';
import {
  FundRedeemBody,
  FundSubscribeBody,
  UNIT_DECIMALS,
  type FundOrder,
  type FundProduct,
} from '../../../../contract/fund.ts';
import { formatMinor, parseMinor } from '../../../../contract/money.ts';
import { formatPKRAmount } from '../../../shared/format/numbers.ts';
import { AmountField } from '../../../shared/forms/fields/amount-field.tsx';
import { FormView } from '../../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../../shared/forms/use-contract-form.ts';
import { useAccountScope } from '../../../shared/query/use-account-scope.ts';
import { BottomSheet } from '../../../shared/ui/bottom-sheet.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { Num } from '../../../shared/ui/num.tsx';
import { PasswordSheet } from '../../../shared/ui/password-sheet.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { usePasswordAction } from '../../../shared/ui/use-password-action.ts';
import { newClientId } from '../queries.ts';
import { pctOf } from '../robot-money.ts';
import s from '../robot.module.css';
import { timeText } from './fund-parts.tsx';
import { invalidateFunds, redeemCall, subscribeCall } from './queries.ts';

type Mode = 'subscribe' | 'redeem';
const SubscribeFields = Type.Omit(FundSubscribeBody, ['tradePassword']);
const RedeemFields = Type.Omit(FundRedeemBody, ['tradePassword']);

interface Request {
  mode: Mode;
  value: string;
  clientId: string;
}

/** Indicative PKR of `units` at `nav` (both decimal strings), rounded down to the paisa. */
function unitsValue(units: string, nav: string): string {
  const u = parseMinor(units, UNIT_DECIMALS) ?? 0n;
  const n = parseMinor(nav, 2) ?? 0n;
  return formatMinor((u * n) / 10_000n, 2);
}

function useFundAction(
  onDone: (o: FundOrder) => void,
  onRefused: () => void,
  req: Request | null,
  fundId: number,
) {
  const client = useQueryClient();
  const scope = useAccountScope();
  const settle = useCallback(() => invalidateFunds(client, scope), [client, scope]);
  return usePasswordAction<FundOrder>({
    call: (tradePassword) => {
      if (!req) return Promise.reject(new Error('nothing to confirm'));
      const base = { fundId: String(fundId), clientId: req.clientId, tradePassword };
      return req.mode === 'subscribe'
        ? subscribeCall({ ...base, amount: req.value })
        : redeemCall({ ...base, units: req.value });
    },
    onDone,
    onRefused,
    settle,
  });
}

function SubscribeForm({ f, onNext }: { f: FundProduct; onNext: (r: Request) => void }) {
  const { t } = useTranslation();
  const { form, state } = useContractForm({
    schema: SubscribeFields,
    defaultValues: { fundId: String(f.id), amount: '', clientId: newClientId() },
    submit: async (v) => onNext({ mode: 'subscribe', value: v.amount, clientId: v.clientId }),
  });
  return (
    <FormView
      {...state}
      submitLabel={t('fund:form.next')}
      submitTestId="fund-next"
      testId="fund-subscribe-form"
    >
      <AmountField
        control={form.control}
        name="amount"
        decimals={2}
        unit="PKR"
        label={t('fund:form.amount')}
        placeholder={t('fund:form.amountPh')}
        hint={t('fund:form.cutoff', { time: timeText(f.nextCutoff) })}
      />
    </FormView>
  );
}

function RedeemForm({ f, onNext }: { f: FundProduct; onNext: (r: Request) => void }) {
  const { t } = useTranslation();
  const { form, state } = useContractForm({
    schema: RedeemFields,
    defaultValues: { fundId: String(f.id), units: '', clientId: newClientId() },
    submit: async (v) => onNext({ mode: 'redeem', value: v.units, clientId: v.clientId }),
  });
  const units = useWatch({ control: form.control, name: 'units' });
  const over = (parseMinor(units, UNIT_DECIMALS) ?? 0n) > (parseMinor(f.myFreeUnits, UNIT_DECIMALS) ?? 0n);
  return (
    <FormView {...state} submitLabel={t('fund:form.next')} submitTestId="fund-next" testId="fund-redeem-form">
      <AmountField
        control={form.control}
        name="units"
        decimals={UNIT_DECIMALS}
        max={f.myFreeUnits}
        label={t('fund:form.units')}
        placeholder={t('fund:form.unitsPh')}
        hint={
          over
            ? t('fund:form.tooMany', { units: f.myFreeUnits })
            : `${t('fund:form.freeUnits', { units: f.myFreeUnits })} · ${t('fund:form.cutoff', { time: timeText(f.nextCutoff) })}`
        }
      />
    </FormView>
  );
}

export function FundRequestForm({ f }: { f: FundProduct }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('subscribe');
  const [req, setReq] = useState<Request | null>(null);
  const [formKey, setFormKey] = useState(0);
  const action = useFundAction(
    () => {
      setReq(null);
      setFormKey((k) => k + 1); // a fresh form: a new client id for the next request
    },
    () => setReq((r) => r && { ...r, clientId: newClientId() }),
    req,
    f.id,
  );
  const time = timeText(f.nextCutoff);
  return (
    <section className={s.section} data-testid="fund-request">
      <Segmented<Mode>
        label={t('fund:form.mode')}
        value={mode}
        options={[
          { value: 'subscribe', label: t('fund:form.subscribe') },
          { value: 'redeem', label: t('fund:form.redeem') },
        ]}
        onChange={setMode}
        testId="fund-mode"
      />
      {mode === 'subscribe' ? (
        <SubscribeForm key={`s${formKey}`} f={f} onNext={setReq} />
      ) : (
        <RedeemForm key={`r${formKey}`} f={f} onNext={setReq} />
      )}
      <BottomSheet
        open={req !== null && !action.sheetOpen}
        title={t('fund:form.confirmTitle')}
        onClose={() => setReq(null)}
        testId="fund-confirm-sheet"
      >
        {req && (
          <div className={s.confirm} data-testid="fund-confirm">
            {req.mode === 'subscribe' ? (
              <>
                <p className="small">
                  {t('fund:form.whatSub', {
                    amount: formatPKRAmount(req.value),
                    time,
                    fee: f.entryFeePct,
                    feeAmt: pctOf(parseMinor(req.value, 2) ?? 0n, f.entryFeePct),
                  })}
                </p>
                <p className="small">{t('fund:form.lockSub', { days: f.lockDays })}</p>
              </>
            ) : (
              <p className="small">
                {t('fund:form.whatRed', {
                  units: req.value,
                  time,
                  value: unitsValue(req.value, f.indicativeNav),
                })}
              </p>
            )}
            <p className={s.warning}>{t('fund:risk')}</p>
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="fund-confirm-go"
              onClick={action.start}
            >
              {t('fund:form.confirm')}
            </button>
          </div>
        )}
      </BottomSheet>
      <PasswordSheet
        open={action.sheetOpen}
        onClose={action.closeSheet}
        onComplete={action.submit}
        summary={
          req && (
            <p className="small">
              {f.name} · <Num>{req.value}</Num>
            </p>
          )
        }
      />
      <ConfirmDialog
        open={action.needPassword}
        title={t('fund:form.needPassword')}
        confirmLabel={t('fund:form.setPassword')}
        onConfirm={action.goSetPassword}
        onCancel={action.closeNeedPassword}
      />
    </section>
  );
}
