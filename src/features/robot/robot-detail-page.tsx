// /pages/robot/detail?id=: one robot. How its strategy decides (in words, with its fixed parameters), the
// tiers by amount, the lock-in with the early-exit and end-of-lock-in rules, the fees, its measured record
// with the period, and the allocate form.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RobotOrder, RobotProduct } from '../../../contract/robot.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { AllocateForm } from './allocate-form.tsx';
import { myRobotOrdersQuery, robotProductQuery } from './queries.ts';
import { pkrMinor } from './robot-money.ts';
import { Facts, feeRows, pkrText, RiskNote, StrategyTag, TrackSummary } from './robot-parts.tsx';
import s from './robot.module.css';

/** What the user already has in the product's running and ending orders (the single limit counts them). */
function usedIn(productId: number, orders: readonly RobotOrder[] | undefined): bigint {
  let used = 0n;
  for (const o of orders ?? [])
    if (o.productId === productId && o.state !== 'ended') used += pkrMinor(o.invested) ?? 0n;
  return used;
}

function Product({ p }: { p: RobotProduct }) {
  const { t, i18n } = useTranslation();
  const mine = useQuery(myRobotOrdersQuery(useAccountScope(), i18n.language));
  return (
    <div className={s.section} data-testid="robot-detail">
      <RiskNote text={p.riskNote} />
      <section className={s.box}>
        <h2>{p.name}</h2>
        <span className={s.tags}>
          <StrategyTag strategy={p.strategy} />
          <span className={s.tag}>{t('robot:list.market')}</span>
          <span className={s.tag}>
            <Num>{p.symbol}</Num>
          </span>
        </span>
        <h3>{t('robot:detail.how')}</h3>
        <p data-testid="robot-description">{p.description}</p>
        {p.params.length > 0 && (
          <Facts rows={p.params.map((x) => ({ label: x.label, value: <Num>{x.value}</Num> }))} />
        )}
      </section>
      <section className={s.box} aria-labelledby="robot-tiers">
        <h3 id="robot-tiers">{t('robot:detail.tiers')}</h3>
        <table className={s.tiers} data-testid="robot-tiers">
          <thead>
            <tr>
              <th>{t('robot:detail.tier')}</th>
              <th>{t('robot:detail.from')}</th>
              <th>{t('robot:detail.to')}</th>
            </tr>
          </thead>
          <tbody>
            {p.levels.map((l) => (
              <tr key={l.level}>
                <td>{l.name}</td>
                <td>
                  <Num>{pkrText(l.min)}</Num>
                </td>
                <td>
                  <Num>{pkrText(l.max)}</Num>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Facts
          rows={[
            { label: t('robot:list.singleLimit'), value: <Num>{pkrText(p.singleLimit)}</Num> },
            { label: t('robot:detail.minAdd'), value: <Num>{pkrText(p.minAdd)}</Num> },
          ]}
        />
      </section>
      <section className={s.box} aria-labelledby="robot-rules">
        <h3 id="robot-rules">{t('robot:detail.rules')}</h3>
        <Facts rows={[{ label: t('robot:list.lockIn'), value: t('robot:days', { n: p.lockDays }) }]} />
        <ul className="small" data-testid="robot-terms">
          <li>{t('robot:allocate.ruleExit', { pct: p.earlyExitFeePct })}</li>
          <li>{t('robot:allocate.ruleEnd', { pct: p.performanceFeePct })}</li>
          <li>{t('robot:allocate.ruleAdd')}</li>
          {p.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
      <section className={s.box} aria-labelledby="robot-fees">
        <h3 id="robot-fees">{t('robot:detail.fees')}</h3>
        <Facts rows={feeRows(p, t)} />
      </section>
      <section className={s.box} aria-labelledby="robot-record">
        <h3 id="robot-record">{t('robot:detail.record')}</h3>
        <TrackSummary track={p.track} />
      </section>
      <section className={s.box} aria-labelledby="robot-allocate">
        <h3 id="robot-allocate">{t('robot:allocate.title')}</h3>
        <AllocateForm p={p} used={usedIn(p.id, mine.data?.list)} />
      </section>
    </div>
  );
}

export default function RobotDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
  const scope = useAccountScope();
  const q = useQuery({ ...robotProductQuery(scope, i18n.language, id ?? 0), enabled: id !== null });
  return (
    <div className="page">
      <PageHeader title={t('nav:title.robot.detail')} />
      <div className="page__body">
        {id === null ? (
          <EmptyState title={t('robot:detail.missing')} testId="robot-missing" />
        ) : (
          <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
            {(p) => <Product p={p} />}
          </RemoteView>
        )}
      </div>
    </div>
  );
}
