// The AI tab (/pages/robot/list): a capital-at-risk warning, the robots on offer (strategy, simulated PSX
// symbol, tiers by amount, lock-in, single limit, fees) each with its MEASURED record and period, and the
// user's own robot orders (running and ended), newest first.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RobotOrder, RobotProduct } from '../../../contract/robot.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { TradeShortcut } from '../../shared/ui/trade-shortcut.tsx';
// ---- funds (issue 18, item 4): the Robots | Funds switch of the AI tab
import { FundsSection } from './funds/fund-section.tsx';
import { myRobotOrdersQuery, robotProductsQuery } from './queries.ts';
import {
  dayText,
  Facts,
  pkrText,
  RiskNote,
  SignedPct,
  SignedPkr,
  StateTag,
  StrategyTag,
  TrackSummary,
} from './robot-parts.tsx';
import s from './robot.module.css';

function ProductCard({ p }: { p: RobotProduct }) {
  const { t } = useTranslation();
  const first = p.levels[0];
  const last = p.levels[p.levels.length - 1];
  return (
    <li>
      <Link
        className={s.card}
        to={routeTo('robot.detail', { id: p.id })}
        data-testid={`robot-product-${p.code}`}
      >
        <span className={s.cardHead}>
          <span>{p.name}</span>
          {!p.enabled && <span className={s.state}>{t('robot:list.closed')}</span>}
        </span>
        <span className={s.tags}>
          <StrategyTag strategy={p.strategy} />
          <span className={s.tag}>{t('robot:list.market')}</span>
          <span className={s.tag}>
            <Num>{p.symbol}</Num>
          </span>
        </span>
        <Facts
          rows={[
            {
              label: t('robot:list.amounts', { n: p.levels.length }),
              value: first && last ? <Num>{`${pkrText(first.min)} – ${pkrText(last.max)}`}</Num> : '—',
            },
            { label: t('robot:list.lockIn'), value: t('robot:days', { n: p.lockDays }) },
            { label: t('robot:list.singleLimit'), value: <Num>{pkrText(p.singleLimit)}</Num> },
            {
              label: t('robot:list.fees'),
              value: (
                <Num>
                  {t('robot:list.feesValue', { entry: p.entryFeePct, performance: p.performanceFeePct })}
                </Num>
              ),
            },
          ]}
        />
        <TrackSummary track={p.track} />
      </Link>
    </li>
  );
}

function OrderRow({ o }: { o: RobotOrder }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link className={s.card} to={routeTo('robot.orderDetail', { id: o.id })} data-testid="my-robot">
        <span className={s.cardHead}>
          <span>{o.productName}</span>
          <StateTag state={o.state} />
        </span>
        <Facts
          rows={[
            { label: t('robot:order.invested'), value: <Num>{pkrText(o.invested)}</Num> },
            { label: t('robot:order.equity'), value: <Num>{pkrText(o.equity)}</Num> },
            {
              label: t('robot:order.netPnl'),
              value: (
                <>
                  <SignedPkr value={o.netPnl} /> (<SignedPct value={o.returnPct} />)
                </>
              ),
            },
          ]}
        />
        <span className={s.period}>
          {t('robot:order.period', { from: dayText(o.startedAt), to: dayText(o.periodEnd), days: o.days })}
        </span>
      </Link>
    </li>
  );
}

function MyRobots({ page }: { page: Page<RobotOrder> }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className={s.cards} data-testid="my-robots">
        {page.list.map((o) => (
          <OrderRow key={o.id} o={o} />
        ))}
      </ul>
      <Link className="btn btn--ghost" to={routeTo('robot.record')} data-testid="my-robots-all">
        {t('robot:list.allOrders', { n: page.total })}
      </Link>
    </>
  );
}

function RobotsSection() {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const products = useQuery(robotProductsQuery(scope, i18n.language));
  const mine = useQuery(myRobotOrdersQuery(scope, i18n.language));
  return (
    <>
      <RiskNote />
      <section className={s.section} aria-labelledby="robot-mine">
        <h2 id="robot-mine" className="small">
          {t('robot:list.mine')}
        </h2>
        <RemoteView
          state={toRemoteState(mine)}
          onRetry={() => void mine.refetch()}
          isEmpty={(p) => p.list.length === 0}
          empty={<p className="muted small">{t('robot:list.mineEmpty')}</p>}
        >
          {(p) => <MyRobots page={p} />}
        </RemoteView>
      </section>
      <section className={s.section} aria-labelledby="robot-products">
        <h2 id="robot-products" className="small">
          {t('robot:list.products')}
        </h2>
        <RemoteView
          state={toRemoteState(products)}
          onRetry={() => void products.refetch()}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title={t('robot:list.empty')} testId="robot-products-empty" />}
        >
          {(list) => (
            <ul className={s.cards} data-testid="robot-products">
              {list.map((p) => (
                <ProductCard key={p.id} p={p} />
              ))}
            </ul>
          )}
        </RemoteView>
      </section>
    </>
  );
}

type Side = 'robots' | 'funds';

export default function RobotListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('tab') === 'funds' ? 'funds' : 'robots';
  return (
    <div className="page" data-testid="ai-page">
      <PageHeader title={t('nav:title.robot.list')} start={null} end={<TradeShortcut />} />
      <div className="page__body">
        <Segmented<Side>
          label={t('fund:switch.label')}
          value={side}
          options={[
            { value: 'robots', label: t('fund:switch.robots') },
            { value: 'funds', label: t('fund:switch.funds') },
          ]}
          onChange={(v) => setParams(v === 'funds' ? { tab: 'funds' } : {}, { replace: true })}
          testId="ai-switch"
        />
        {side === 'funds' ? <FundsSection /> : <RobotsSection />}
      </div>
    </div>
  );
}
