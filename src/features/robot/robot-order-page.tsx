// /pages/robot/orderDetail?id=: one robot order. Its state and period, what was put in and what it is worth,
// realised and unrealised P&L net of fees, every fee, trades, win rate and maximum drawdown, the equity curve
// beside the same period's buy-and-hold of its symbol, what it holds, its latest engine orders (all of them
// on the record page), and add / exit while it runs. Every figure is measured; a loss shows like a gain.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RobotOrderDetails } from '../../../contract/robot.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { OrderActions } from './order-actions.tsx';
import { robotOrderDetailsQuery } from './queries.ts';
import { dayText, Facts, pkrText, SignedPct, SignedPkr, StateTag, StrategyTag } from './robot-parts.tsx';
import { TradeRow } from './trade-row.tsx';
import s from './robot.module.css';

const EquityChart = lazy(() => import('./equity-chart.tsx'));
const RECENT = 5;

function Details({ d }: { d: RobotOrderDetails }) {
  const { t } = useTranslation();
  const { order: o, product: p } = d;
  const points = d.curve.map((c) => ({ time: c.t, equity: c.equity, benchmark: c.benchmark }));
  return (
    <div className={s.section} data-testid="robot-order">
      <section className={s.box}>
        <span className={s.cardHead}>
          <span>{o.productName}</span>
          <StateTag state={o.state} />
        </span>
        <span className={s.tags}>
          <StrategyTag strategy={o.strategy} />
          <span className={s.tag}>{t('robot:list.market')}</span>
          <span className={s.tag}>
            <Num>{o.symbol}</Num>
          </span>
        </span>
        <p className={s.period} data-testid="robot-period">
          {d.periodNote}
        </p>
        <p className="small">
          {o.state === 'running'
            ? t('robot:order.lockUntil', { date: dayText(o.lockUntil) })
            : o.endReason
              ? t(`robot:order.end.${o.endReason}`)
              : null}
        </p>
      </section>
      <section className={s.box} aria-labelledby="robot-money">
        <h3 id="robot-money">{t('robot:order.money')}</h3>
        <Facts
          testId="robot-figures"
          rows={[
            { label: t('robot:order.invested'), value: <Num>{pkrText(o.invested)}</Num> },
            { label: t('robot:order.capital'), value: <Num>{pkrText(o.capital)}</Num> },
            { label: t('robot:order.cash'), value: <Num>{pkrText(o.cash)}</Num> },
            { label: t('robot:order.positionsValue'), value: <Num>{pkrText(o.positionsValue)}</Num> },
            { label: t('robot:order.equity'), value: <Num>{pkrText(o.equity)}</Num> },
            { label: t('robot:order.realised'), value: <SignedPkr value={o.realisedPnl} /> },
            { label: t('robot:order.unrealised'), value: <SignedPkr value={o.unrealisedPnl} /> },
            {
              label: t('robot:order.netPnl'),
              value: (
                <>
                  <SignedPkr value={o.netPnl} /> (<SignedPct value={o.returnPct} />)
                </>
              ),
            },
            ...(o.state === 'ended'
              ? [{ label: t('robot:order.returned'), value: <Num>{pkrText(o.returned)}</Num> }]
              : []),
          ]}
        />
      </section>
      <section className={s.box} aria-labelledby="robot-report">
        <h3 id="robot-report">{t('robot:order.report')}</h3>
        <Facts
          testId="robot-report"
          rows={[
            { label: t('robot:order.trades'), value: <Num>{String(o.trades)}</Num> },
            { label: t('robot:order.closedTrades'), value: <Num>{`${o.closedTrades} (${o.wins})`}</Num> },
            { label: t('robot:order.winRate'), value: <SignedPct value={o.winRate} /> },
            { label: t('robot:order.maxDrawdown'), value: <Num>{`${o.maxDrawdownPct}%`}</Num> },
          ]}
        />
      </section>
      <section className={s.box} aria-labelledby="robot-curve">
        <h3 id="robot-curve">{t('robot:order.curve')}</h3>
        {points.length > 1 ? (
          <Suspense fallback={<div className={s.chart} />}>
            <EquityChart
              points={points}
              equityLabel={t('robot:order.curveRobot')}
              benchmarkLabel={t('robot:order.curveHold', { symbol: o.benchmark.symbol })}
            />
          </Suspense>
        ) : (
          <p className="muted small">{t('robot:order.curveEmpty')}</p>
        )}
        <Facts
          testId="robot-benchmark"
          rows={[
            {
              label: t('robot:order.holdPrices', { symbol: o.benchmark.symbol }),
              value: <Num>{`${o.benchmark.startPrice} → ${o.benchmark.endPrice}`}</Num>,
            },
            { label: t('robot:order.holdValue'), value: <Num>{pkrText(o.benchmark.value)}</Num> },
            {
              label: t('robot:order.holdPnl'),
              value: (
                <>
                  <SignedPkr value={o.benchmark.pnl} /> (<SignedPct value={o.benchmark.returnPct} />)
                </>
              ),
            },
          ]}
        />
        <p className={s.period}>{t('robot:order.holdNote')}</p>
      </section>
      <section className={s.box} aria-labelledby="robot-fees-paid">
        <h3 id="robot-fees-paid">{t('robot:order.fees')}</h3>
        <Facts
          testId="robot-fees"
          rows={[
            { label: t('robot:fees.entry'), value: <Num>{pkrText(o.fees.entry)}</Num> },
            { label: t('robot:fees.trading'), value: <Num>{pkrText(o.fees.trading)}</Num> },
            { label: t('robot:fees.performance'), value: <Num>{pkrText(o.fees.performance)}</Num> },
            { label: t('robot:fees.earlyExit'), value: <Num>{pkrText(o.fees.earlyExit)}</Num> },
            { label: t('robot:fees.total'), value: <Num>{pkrText(o.fees.total)}</Num> },
          ]}
        />
      </section>
      {d.holdings.length > 0 && (
        <section className={s.box} aria-labelledby="robot-holdings">
          <h3 id="robot-holdings">{t('robot:order.holdings')}</h3>
          {d.holdings.map((h) => (
            <Facts
              key={h.symbol}
              rows={[
                { label: h.symbol, value: <Num>{t('robot:order.shares', { n: h.qty })}</Num> },
                { label: t('robot:order.holdingCost'), value: <Num>{pkrText(h.cost)}</Num> },
                { label: t('robot:order.holdingValue'), value: <Num>{pkrText(h.value)}</Num> },
              ]}
            />
          ))}
        </section>
      )}
      <section className={s.box} aria-labelledby="robot-trades">
        <h3 id="robot-trades">{t('robot:order.latest')}</h3>
        {d.orders.length === 0 ? (
          <p className="muted small">{t('robot:order.noTrades')}</p>
        ) : (
          <ul className={s.cards} data-testid="robot-trades">
            {d.orders.slice(0, RECENT).map((x) => (
              <TradeRow key={x.id} x={x} />
            ))}
          </ul>
        )}
        <Link
          className="btn btn--ghost"
          to={routeTo('robot.record', { id: o.id })}
          data-testid="robot-record-link"
        >
          {t('robot:order.allTrades')}
        </Link>
      </section>
      <OrderActions o={o} p={p} />
    </div>
  );
}

export default function RobotOrderPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
  const q = useQuery({
    ...robotOrderDetailsQuery(useAccountScope(), i18n.language, id ?? 0),
    enabled: id !== null,
  });
  return (
    <div className="page">
      <PageHeader title={t('nav:title.robot.orderDetail')} />
      <div className="page__body">
        {id === null ? (
          <EmptyState title={t('robot:order.missing')} testId="robot-missing" />
        ) : (
          <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
            {(d) => <Details d={d} />}
          </RemoteView>
        )}
      </div>
    </div>
  );
}
