// One IPO application as the records show it: state (spec §4 labels), shares applied and the lottery count,
// won quantity once allotted, the money frozen, refunded and paid (exact), and what the user may do now:
// cancel while the window is open (the frozen amount back at once), pay an allotment before the deadline
// (at the deadline it is paid automatically from the frozen money).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpoApplication } from '../../../contract/ipo.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { ApplicationChip, paisa, pkr, shares, when } from './ipo-parts.tsx';
import { ltr } from '../../shared/format/bidi.ts';
import { invalidateAfterIpoAction, ipoActionCall } from './queries.ts';
import s from './ipo.module.css';

type Action = 'cancel' | 'pay';

function stateNote(a: IpoApplication): string | null {
  if (a.state === 'allotted') return 'ipo:record.dueNote';
  if (a.state === 'paid') return a.listed ? 'ipo:record.listedNote' : 'ipo:record.lockedNote';
  if (a.state === 'applied') return 'ipo:record.appliedNote';
  return null;
}

export function ApplicationCard({ a, now }: { a: IpoApplication; now: number }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [asking, setAsking] = useState<Action | null>(null);
  const act = useMutation({
    mutationFn: (action: Action) => ipoActionCall({ action, applicationId: String(a.id) }),
    onSettled: () => invalidateAfterIpoAction(client, scope),
  });
  const canCancel = a.state === 'applied' && now < a.closesAt;
  const canPay = a.state === 'allotted' && now < a.payBy;
  const run = async (action: Action) => {
    try {
      await act.mutateAsync(action);
    } catch (error) {
      toastCallFailure(error);
      return;
    } finally {
      setAsking(null);
    }
    showToast(t(action === 'pay' ? 'ipo:record.paidDone' : 'ipo:record.cancelledDone'), { icon: 'success' });
  };
  const note = stateNote(a);
  const row = (label: string, value: string, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <Num>{value}</Num>
      </dd>
    </>
  );
  return (
    <article className={s.card} data-testid="ipo-application" data-id={a.id} data-state={a.state}>
      <span className={s.cardHead}>
        <span className={s.name}>
          <strong>{a.company}</strong>
          <Num className="muted small">{`${a.symbol} · ${when(a.createdAt)}`}</Num>
        </span>
        <ApplicationChip state={a.state} />
      </span>
      <dl className={s.facts}>
        {row(t('ipo:field.price'), pkr(a.price))}
        {row(t('ipo:record.qty'), shares(a.qty), 'ipo-app-qty')}
        {row(t('ipo:record.lots'), shares(a.lots))}
        {a.state !== 'applied' &&
          a.state !== 'cancelled' &&
          row(t('ipo:record.won'), shares(a.wonQty), 'ipo-app-won')}
        {paisa(a.frozen) > 0n &&
          row(
            t(a.state === 'allotted' ? 'ipo:record.due' : 'ipo:record.frozen'),
            pkr(a.frozen),
            'ipo-app-frozen',
          )}
        {paisa(a.refunded) > 0n && row(t('ipo:record.refunded'), pkr(a.refunded), 'ipo-app-refunded')}
        {paisa(a.paid) > 0n && row(t('ipo:record.paid'), pkr(a.paid), 'ipo-app-paid')}
        {a.state === 'applied' && row(t('ipo:field.allot'), when(a.allotAt))}
        {a.state === 'allotted' && row(t('ipo:field.payBy'), when(a.payBy))}
        {(a.state === 'allotted' || a.state === 'paid') && row(t('ipo:field.list'), when(a.listAt))}
      </dl>
      {note && <p className="muted small">{t(note, { payBy: ltr(when(a.payBy)) })}</p>}
      {a.autoPaid && <p className="muted small">{t('ipo:record.autoPaid')}</p>}
      {(canCancel || canPay) && (
        <div className={s.actions}>
          {canPay && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setAsking('pay')}
              data-testid="ipo-pay"
            >
              {t('ipo:record.pay')}
            </button>
          )}
          {canCancel && (
            <button
              type="button"
              className="btn"
              onClick={() => setAsking('cancel')}
              data-testid="ipo-cancel"
            >
              {t('ipo:record.cancel')}
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'pay' ? 'ipo:record.payTitle' : 'ipo:record.cancelTitle')}
        message={t(asking === 'pay' ? 'ipo:record.payMsg' : 'ipo:record.cancelMsg', {
          amount: ltr(pkr(a.frozen)),
          qty: ltr(shares(a.wonQty)),
        })}
        confirmLabel={t(asking === 'pay' ? 'ipo:record.pay' : 'ipo:record.cancel')}
        danger={asking === 'cancel'}
        busy={act.isPending}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
    </article>
  );
}
