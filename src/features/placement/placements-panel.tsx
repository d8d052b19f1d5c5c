// The IPO hub's Placements tab (/pages/tabbar/ipo?state=placements): every placement with the rules that decide
// the money (price, lot, minimum, shares offered, window, allocation date, lock period and unlock date, the
// allocation rule) and who may apply. An eligible account opens the apply form under the card; an ineligible
// one reads why (the server's sentence) and no button.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Placement } from '../../../contract/placement.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { pkr, shares, when } from './format.ts';
import { PlacementApplyForm } from './placement-apply-form.tsx';
import { placementsQuery } from './queries.ts';
import s from './placement.module.css';

function PlacementCard({ p }: { p: Placement }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className={s.card} data-testid="placement-card" data-symbol={p.symbol} data-id={p.id}>
      <span className={s.name}>
        <strong>{p.company}</strong>
        <Num className="muted small">{p.symbol}</Num>
        <span className={s.chip} data-state={p.state} data-testid="placement-state">
          {t(`placement:state.${p.state}`)}
        </span>
      </span>
      <p className="muted small">{t(`placement:eligibility.${p.eligibility}`)}</p>
      <dl className={s.facts}>
        <dt>{t('placement:field.price')}</dt>
        <dd>
          <Num>{pkr(p.price)}</Num>
        </dd>
        <dt>{t('placement:field.lot')}</dt>
        <dd>
          <Num>{shares(p.lot)}</Num>
        </dd>
        <dt>{t('placement:field.min')}</dt>
        <dd>
          <Num>{shares(p.minQty)}</Num>
        </dd>
        <dt>{t('placement:field.total')}</dt>
        <dd>
          <Num>{shares(p.totalShares)}</Num>
        </dd>
        <dt>{t('placement:field.demand')}</dt>
        <dd>
          <Num>{shares(p.appliedQty)}</Num>
        </dd>
        <dt>{t('placement:field.window')}</dt>
        <dd>
          <Num>{`${when(p.opensAt)} – ${when(p.closesAt)}`}</Num>
        </dd>
        <dt>{t('placement:field.allot')}</dt>
        <dd>
          <Num>{when(p.allocatedAt ?? p.allotAt)}</Num>
        </dd>
        <dt>{t('placement:field.lock')}</dt>
        <dd data-testid="placement-unlock">
          {t('placement:field.lockValue', { days: p.lockDays })} · <Num>{when(p.unlockAt)}</Num>
        </dd>
      </dl>
      {p.note && <p className="small">{p.note}</p>}
      <details>
        <summary className="small">{t('placement:field.rule')}</summary>
        <p className="muted small">{p.ruleText}</p>
      </details>
      {p.state === 'subscribing' && !p.eligible && (
        <p className={s.notice} data-testid="placement-why-not">
          {p.whyNot}
        </p>
      )}
      {p.state === 'subscribing' && p.eligible && !open && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => setOpen(true)}
          data-testid="placement-apply"
        >
          {t('placement:form.open')}
        </button>
      )}
      {open && <PlacementApplyForm p={p} />}
    </section>
  );
}

export function PlacementsPanel() {
  const { t } = useTranslation();
  const list = useQuery(placementsQuery(useAccountScope()));
  return (
    <>
      <p className="muted small">{t('placement:intro')}</p>
      <RemoteView
        state={toRemoteState(list)}
        onRetry={() => void list.refetch()}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title={t('placement:empty')} testId="placement-empty" />}
      >
        {(d) => (
          <div className={s.list} data-testid="placement-list">
            {d.map((p) => (
              <PlacementCard key={p.id} p={p} />
            ))}
          </div>
        )}
      </RemoteView>
    </>
  );
}
