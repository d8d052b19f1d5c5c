// /pages/stockBulk/bulkOrder: the caller's block orders on the current account (real or demo), newest first
// (stock/order/trade/list): allocated quantity, block price and discount, amount, fees and total paid, and the
// lock: locked until the date, or unlocked.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BulkOrder } from '../../../contract/bulk.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { day, pkr, shares, when } from './bulk-parts.tsx';
import { bulkOrdersQuery } from './queries.ts';
import s from './bulk.module.css';

function OrderCard({ o }: { o: BulkOrder }) {
  const { t } = useTranslation();
  return (
    <section className={s.card} data-testid="bulk-order" data-symbol={o.symbol} data-id={o.id}>
      <span className={s.cardHead}>
        <Link className={s.name} to={routeTo('stockBulk.bulkDetail', { id: o.blockId })}>
          <Num>
            <strong>{o.symbol}</strong>
          </Num>
        </Link>
        <span className={s.chip} data-state={o.locked ? 'locked' : 'free'} data-testid="bulk-order-lock">
          {t(o.locked ? 'bulk:order.locked' : 'bulk:order.free')}
        </span>
      </span>
      <dl className={s.facts}>
        <dt>{t('bulk:order.qty')}</dt>
        <dd data-testid="bulk-order-qty">
          <Num>{shares(o.qty)}</Num>
        </dd>
        <dt>{t('bulk:order.price')}</dt>
        <dd>
          <Num>{pkr(o.price)}</Num>
        </dd>
        <dt>{t('bulk:order.discount')}</dt>
        <dd>
          <Num>{`${o.discountPct}%`}</Num>
        </dd>
        <dt>{t('bulk:order.amount')}</dt>
        <dd>
          <Num>{pkr(o.amount)}</Num>
        </dd>
        <dt>{t('bulk:order.fee')}</dt>
        <dd>
          <Num>{pkr(o.fee)}</Num>
        </dd>
        <dt>{t('bulk:order.total')}</dt>
        <dd data-testid="bulk-order-total">
          <Num>{pkr(o.total)}</Num>
        </dd>
        <dt>{t(o.locked ? 'bulk:order.lockedUntil' : 'bulk:order.unlocked')}</dt>
        <dd data-testid="bulk-order-unlock">
          <Num>{day(o.unlockAt)}</Num>
        </dd>
        <dt>{t('bulk:order.bought')}</dt>
        <dd>
          <Num>{when(o.createdAt)}</Num>
        </dd>
      </dl>
    </section>
  );
}

export default function BulkOrderPage() {
  const { t } = useTranslation();
  const orders = useInfiniteQuery(bulkOrdersQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.stockBulk.bulkOrder')} />
      <div className="page__body">
        <PagedList
          query={orders}
          testId="bulk-orders"
          itemKey={(o) => o.id}
          renderItem={(o) => <OrderCard o={o} />}
          empty={
            <EmptyState
              title={t('bulk:order.empty')}
              testId="bulk-orders-empty"
              action={
                <Link className="btn btn--primary" to={routeTo('stockBulk.bulkList')}>
                  {t('bulk:order.browse')}
                </Link>
              }
            />
          }
        />
      </div>
    </div>
  );
}
