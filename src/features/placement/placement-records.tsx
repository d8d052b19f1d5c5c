// The caller's placement applications (the "Placements" tab of /pages/stockIPO/ipoRecord?tab=placements), on
// the current account, newest first: what was applied for, what was allocated, the money frozen, given back and
// paid (exact), and the allocated shares' lock: locked until the unlock date, or sellable after it.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlacementApplication } from '../../../contract/placement.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { pkr, shares, when } from './format.ts';
import { placementApplicationsQuery } from './queries.ts';
import s from './placement.module.css';

function RecordCard({ a }: { a: PlacementApplication }) {
  const { t } = useTranslation();
  return (
    <section className={s.card} data-testid="placement-record" data-state={a.state} data-symbol={a.symbol}>
      <span className={s.name}>
        <strong>{a.company}</strong>
        <Num className="muted small">{a.symbol}</Num>
        <span className={s.chip} data-state={a.state} data-testid="placement-record-state">
          {t(`placement:appState.${a.state}`)}
        </span>
      </span>
      <dl className={s.facts}>
        <dt>{t('placement:field.price')}</dt>
        <dd>
          <Num>{pkr(a.price)}</Num>
        </dd>
        <dt>{t('placement:record.applied')}</dt>
        <dd>
          <Num>{shares(a.qty)}</Num>
        </dd>
        <dt>{t('placement:record.won')}</dt>
        <dd data-testid="placement-won">
          <Num>{shares(a.wonQty)}</Num>
        </dd>
        <dt>{t('placement:record.frozen')}</dt>
        <dd data-testid="placement-frozen">
          <Num>{pkr(a.frozen)}</Num>
        </dd>
        <dt>{t('placement:record.refunded')}</dt>
        <dd data-testid="placement-refunded">
          <Num>{pkr(a.refunded)}</Num>
        </dd>
        <dt>{t('placement:record.paid')}</dt>
        <dd data-testid="placement-paid">
          <Num>{pkr(a.paid)}</Num>
        </dd>
        <dt>{t('placement:field.allot')}</dt>
        <dd>
          <Num>{when(a.allotAt)}</Num>
        </dd>
      </dl>
      {a.state === 'allocated' && (
        <p className="small" data-testid="placement-lock">
          {a.unlocked
            ? t('placement:record.unlocked', { qty: shares(a.wonQty) })
            : t('placement:record.lockedUntil', { qty: shares(a.wonQty), at: when(a.unlockAt) })}
        </p>
      )}
    </section>
  );
}

export function PlacementRecords() {
  const { t } = useTranslation();
  const records = useInfiniteQuery(placementApplicationsQuery(useAccountScope()));
  return (
    <PagedList
      query={records}
      testId="placement-records"
      itemKey={(a) => a.id}
      renderItem={(a) => <RecordCard a={a} />}
      empty={<EmptyState title={t('placement:record.empty')} testId="placement-records-empty" />}
    />
  );
}
