// The apply form of one placement (opened from its card on the hub's Placements tab): a stepper in whole lots
// from the minimum to the shares offered, the exact amount to be frozen, and every rule that decides the money
// (allocation rule, lock period and unlock date) above the button; apply asks for the transaction password (the
// shared sheet) with a client id made when the form opened, so a retry makes one application.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Placement } from '../../../contract/placement.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { costOf, pkr, shares, when } from './format.ts';
import { ltr } from '../../shared/format/bidi.ts';
import { invalidateAfterPlacementApply, placementApplyCall } from './queries.ts';
import s from './placement.module.css';

export function PlacementApplyForm({ p }: { p: Placement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [qty, setQty] = useState(p.minQty);
  const [clientId] = useState(() => crypto.randomUUID());
  const cost = costOf(p.price, qty);
  const flow = usePasswordAction({
    call: useCallback(
      (tradePassword: string) =>
        placementApplyCall({ placementId: String(p.id), qty: String(qty), clientId, tradePassword }),
      [p.id, qty, clientId],
    ),
    onDone: useCallback(() => {
      showToast(t('placement:form.applied'), { icon: 'success' });
      void navigate(`${routeTo('stockIPO.ipoRecord')}?tab=placements`);
    }, [navigate, t]),
    settle: useCallback(() => void invalidateAfterPlacementApply(client, scope), [client, scope]),
  });
  return (
    <div className={s.section} data-testid="placement-form">
      <span className="muted small" id={`placement-qty-${p.id}`}>
        {t('placement:form.qty')}
      </span>
      <div className={s.stepper} role="group" aria-labelledby={`placement-qty-${p.id}`}>
        <button
          type="button"
          className={`btn ${s.stepBtn}`}
          aria-label={t('placement:form.less')}
          disabled={qty - p.lot < p.minQty}
          onClick={() => setQty((q) => q - p.lot)}
          data-testid="placement-less"
        >
          −
        </button>
        <span className={s.stepValue} aria-live="polite">
          <Num>
            <span data-testid="placement-qty">{shares(qty)}</span>
          </Num>
        </span>
        <button
          type="button"
          className={`btn ${s.stepBtn}`}
          aria-label={t('placement:form.more')}
          disabled={qty + p.lot > p.totalShares}
          onClick={() => setQty((q) => q + p.lot)}
          data-testid="placement-more"
        >
          +
        </button>
      </div>
      <dl className={s.facts}>
        <dt>{t('placement:form.frozen')}</dt>
        <dd data-testid="placement-cost">
          <Num>{pkr(cost)}</Num>
        </dd>
      </dl>
      <p className="muted small">
        {t('placement:form.howMoney', { unlock: ltr(when(p.unlockAt)), days: p.lockDays })}
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={flow.start}
        data-testid="placement-submit"
      >
        {t('placement:form.submit')}
      </button>
      {flow.sheetOpen && (
        <PasswordSheet
          open
          onClose={flow.closeSheet}
          onComplete={flow.submit}
          summary={
            <p className="muted">
              <Num>{p.symbol}</Num> · <Num>{shares(qty)}</Num> · <Num>{pkr(cost)}</Num>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={flow} />
    </div>
  );
}
