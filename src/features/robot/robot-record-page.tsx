// /pages/robot/record: with ?id= the robot order's engine orders (the real order rows of its own trading
// account, newest first: stock/ai/order/details gives the latest 100); without an id, every robot order of
// the caller, paged (stock/ai/order/list), filtered by state.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROBOT_ORDER_STATES, type RobotOrder, type RobotOrderState } from '../../../contract/robot.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { robotOrderDetailsQuery, robotOrdersQuery } from './queries.ts';
import { dayText, SignedPkr, StateTag } from './robot-parts.tsx';
import { TradeRow } from './trade-row.tsx';
import s from './robot.module.css';

const FILTERS = ['', ...ROBOT_ORDER_STATES] as const;

function TradesOf({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const q = useQuery(robotOrderDetailsQuery(useAccountScope(), i18n.language, id));
  return (
    <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
      {(d) => (
        <div className={s.section}>
          <p className={s.period}>
            {d.order.productName} · {d.periodNote}
          </p>
          {d.orders.length === 0 ? (
            <EmptyState title={t('robot:order.noTrades')} testId="robot-trades-empty" />
          ) : (
            <ul className={s.cards} data-testid="robot-trades">
              {d.orders.map((x) => (
                <TradeRow key={x.id} x={x} />
              ))}
            </ul>
          )}
          {d.order.trades > d.orders.length && (
            <p className="muted small">{t('robot:record.latestOnly', { n: d.orders.length })}</p>
          )}
        </div>
      )}
    </RemoteView>
  );
}

function OrderLine({ o }: { o: RobotOrder }) {
  return (
    <Link className={s.row} to={routeTo('robot.orderDetail', { id: o.id })} data-testid="robot-order-row">
      <span className={s.rowMain}>
        <strong>{o.productName}</strong>
        <span className="muted small">{dayText(o.startedAt)}</span>
      </span>
      <span className={s.rowNums}>
        <StateTag state={o.state} />
        <SignedPkr value={o.netPnl} />
      </span>
    </Link>
  );
}

function MyOrders() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<RobotOrderState | ''>('');
  const panelId = useId();
  const q = useInfiniteQuery(robotOrdersQuery(useAccountScope(), i18n.language, state));
  return (
    <>
      <Tabs
        items={FILTERS.map((f) => ({
          value: f,
          label: t(`robot:state.${f || 'all'}`),
          testId: `robot-filter-${f || 'all'}`,
        }))}
        value={state}
        onChange={setState}
        label={t('robot:record.filter')}
        variant="pill"
        scrollable
        panelId={panelId}
      />
      <TabPanel id={panelId} value={state}>
        <PagedList
          query={q}
          testId="robot-orders"
          itemHeight={64}
          itemKey={(o) => o.id}
          renderItem={(o) => <OrderLine o={o} />}
          empty={<EmptyState title={t('robot:list.mineEmpty')} testId="robot-orders-empty" />}
        />
      </TabPanel>
    </>
  );
}

export default function RobotRecordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
  return (
    <div className="page">
      <PageHeader title={t('nav:title.robot.record')} />
      <div className="page__body">{id === null ? <MyOrders /> : <TradesOf id={id} />}</div>
    </div>
  );
}
