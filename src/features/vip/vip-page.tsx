// /pages/stock/vip: the VIP membership (status, free trial, plans bought with the transaction password from
// the real account) and what it gates (spec §6): trading advice, short-term strategies (switched on by customer
// service) and block-trade opportunities (the blocks on offer: vip-block-trades.tsx). A user without a running trial or
// membership sees the spec's texts instead of the sections; the signals are not even asked for.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VipPlan, VipState, VipStatus } from '../../../contract/vip.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { Num } from '../../shared/ui/num.tsx';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { buyCall, invalidateVip, newClientId, vipAdviceQuery, vipStatusQuery } from './queries.ts';
import { AdviceList, StrategyList } from './signal-lists.tsx';
import s from './vip-page.module.css';
import { VipBlockTrades } from './vip-block-trades.tsx';

const day = (ms: number | null) => formatDate(ms, 'YYYY-MM-DD');
const running = (state: VipState) => state === 'trial' || state === 'active';
const GATE = { none: 'notMember', expired_trial: 'trialExpired', expired: 'expired' } as const;

function StatusCard({ v }: { v: VipStatus }) {
  const { t } = useTranslation();
  return (
    <section className={`card ${s.card}`} aria-labelledby="vip-status" data-testid="vip-status">
      <h2 id="vip-status" className="section-title">
        {t('vip:status.heading')}
      </h2>
      <p className={s.state} data-state={v.state}>
        {t(`vip:status.${v.state}`)}
      </p>
      {v.startedAt !== null && <p className="small">{t('vip:status.since', { date: day(v.startedAt) })}</p>}
      {v.expiresAt !== null && (
        <p className="small">
          {t(running(v.state) ? 'vip:status.until' : 'vip:status.ended', { date: day(v.expiresAt) })}
        </p>
      )}
      {running(v.state) && <p className="small">{t('vip:status.daysLeft', { n: v.daysLeft })}</p>}
      <p className="muted small">{t('vip:status.shared')}</p>
    </section>
  );
}

function Plans({ v, onBuy }: { v: VipStatus; onBuy: (p: VipPlan) => void }) {
  const { t } = useTranslation();
  return (
    <section className={s.section} aria-labelledby="vip-plans">
      <h2 id="vip-plans" className="section-title">
        {t('vip:plans.heading')}
      </h2>
      <ul className={s.list}>
        {v.plans.map((p) => (
          <li key={p.id} className={`${s.item} ${s.plan}`}>
            <span>
              {t('vip:plans.days', { days: p.days })} ·{' '}
              <Num>{t('vip:plans.price', { price: formatPKRAmount(p.price) })}</Num>
            </span>
            {v.canPay && (
              <button
                type="button"
                className="btn btn--primary btn--small"
                data-testid={`vip-buy-${p.id}`}
                onClick={() => onBuy(p)}
              >
                {t(running(v.state) ? 'vip:plans.renew' : 'vip:plans.buy')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="muted small">{t(v.canPay ? 'vip:plans.extends' : 'vip:plans.realOnly')}</p>
    </section>
  );
}

function Gated({ v }: { v: VipStatus }) {
  const { t } = useTranslation();
  const advice = useQuery({ ...vipAdviceQuery(useAccountScope()), enabled: running(v.state) });
  if (!running(v.state)) {
    const key = GATE[v.state as keyof typeof GATE];
    return (
      <section className={s.section} aria-label={t('vip:advice.heading')}>
        <p className={s.gate} role="status" data-testid="vip-gate">
          {t(`vip:gate.${key}`)}
        </p>
      </section>
    );
  }
  return (
    <RemoteView state={toRemoteState(advice)} onRetry={() => void advice.refetch()}>
      {(a) => (
        <>
          <section className={s.section} aria-labelledby="vip-advice-h">
            <h2 id="vip-advice-h" className="section-title">
              {t('vip:advice.heading')}
            </h2>
            <AdviceList items={a.advice} />
          </section>
          <section className={s.section} aria-labelledby="vip-strategy-h">
            <h2 id="vip-strategy-h" className="section-title">
              {t('vip:strategy.heading')}
            </h2>
            {a.strategies ? (
              <StrategyList items={a.strategies} />
            ) : (
              <div className={s.gate} data-testid="vip-strategy-off">
                <p>{t('vip:strategy.off')}</p>
                <Link
                  className="btn btn--ghost btn--small"
                  to={routeTo('user.service')}
                  data-testid="vip-contact"
                >
                  {t('vip:strategy.contact')}
                </Link>
              </div>
            )}
          </section>
          <section className={s.section} aria-labelledby="vip-block-h">
            <h2 id="vip-block-h" className="section-title">
              {t('vip:block.heading')}
            </h2>
            {/* ---- block trades (issue 17 §5): the blocks on offer now */}
            <VipBlockTrades />
          </section>
          <section className={s.section} aria-labelledby="vip-rules-h">
            <h2 id="vip-rules-h" className="section-title">
              {t('vip:rules.heading')}
            </h2>
            <p className="small">{a.rules.advice}</p>
            <p className="small">{a.rules.strategy}</p>
            <p className="small" data-testid="vip-note">
              {a.rules.note}
            </p>
          </section>
        </>
      )}
    </RemoteView>
  );
}

export default function VipPage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const status = useQuery(vipStatusQuery(scope));
  const [plan, setPlan] = useState<{ p: VipPlan; clientId: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const done = (v: VipStatus, msg: string) => {
    client.setQueryData(vipStatusQuery(scope).queryKey, v);
    invalidateVip(client, scope);
    showToast(msg);
  };
  const startTrial = async () => {
    setBusy(true);
    try {
      done(await buyCall({ plan: 'trial', clientId: newClientId() }), t('vip:trial.started'));
    } catch {
      // the refusal was shown (the -1001 toast)
    } finally {
      setBusy(false);
    }
  };
  // A plan is bought through the shared password step: no password yet → the dialog to set one; a refusal is
  // toasted and the sheet clears for another try with the same client id.
  const pay = usePasswordAction<VipStatus>({
    call: useCallback(
      (pin: string) => {
        if (!plan) return Promise.reject(new Error('no plan chosen'));
        return buyCall({ plan: plan.p.id, clientId: plan.clientId, tradePassword: pin });
      },
      [plan],
    ),
    onDone: (v) => {
      setPlan(null);
      done(v, t('vip:plans.bought', { date: day(v.expiresAt) }));
    },
  });
  const { start } = pay;
  const onBuy = useCallback(
    (p: VipPlan) => {
      setPlan({ p, clientId: newClientId() });
      start();
    },
    [start],
  );

  return (
    <div className="page">
      <PageHeader title={t('nav:title.stock.vip')} />
      <div className="page__body">
        <RemoteView state={toRemoteState(status)} onRetry={() => void status.refetch()}>
          {(v) => (
            <>
              <StatusCard v={v} />
              {v.state === 'none' && !v.trialUsed && (
                <button
                  type="button"
                  className="btn btn--primary btn--block"
                  disabled={busy}
                  data-testid="vip-trial"
                  onClick={() => void startTrial()}
                >
                  {t('vip:trial.start', { days: v.trialDays })}
                </button>
              )}
              <Plans v={v} onBuy={onBuy} />
              <Gated v={v} />
            </>
          )}
        </RemoteView>
      </div>
      {plan && pay.sheetOpen && (
        <PasswordSheet
          open
          onClose={() => {
            pay.closeSheet();
            setPlan(null);
          }}
          onComplete={pay.submit}
          summary={
            <p>{t('vip:plans.confirmTitle', { days: plan.p.days, price: formatPKRAmount(plan.p.price) })}</p>
          }
        />
      )}
      <NeedPasswordDialog flow={pay} onCancel={() => setPlan(null)} />
    </div>
  );
}
