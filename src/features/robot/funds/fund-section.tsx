// The Funds side of the AI tab (/pages/robot/list?tab=funds): the capital-at-risk warning, the funds (NAV at
// the last close, the indicative NAV, lock-in, fee, measured performance with its period) and my fund
// requests; `&fund=<id>` opens one fund (fund-detail.tsx).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FundProduct } from '../../../../contract/fund.ts';
import { useAccountScope } from '../../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../../shared/ui/remote-state.ts';
import { RiskNote } from '../robot-parts.tsx';
import s from '../robot.module.css';
import FundDetail from './fund-detail.tsx';
import { FundFacts, Performance } from './fund-parts.tsx';
import { MyFundOrders } from './my-fund-orders.tsx';
import { fundsQuery } from './queries.ts';

function FundCard({ f }: { f: FundProduct }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link className={s.card} to={`?tab=funds&fund=${f.id}`} data-testid={`fund-${f.code}`}>
        <span className={s.cardHead}>
          <span>{f.name}</span>
          <span className={s.tag}>{t('fund:list.level', { n: f.level })}</span>
        </span>
        <FundFacts f={f} />
        <Performance f={f} />
      </Link>
    </li>
  );
}

export function FundsSection() {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const [params] = useSearchParams();
  const open = Number(params.get('fund') ?? '0');
  const funds = useQuery(fundsQuery(scope, i18n.language));
  if (Number.isSafeInteger(open) && open > 0) return <FundDetail id={open} />;
  return (
    <>
      <RiskNote text={t('fund:risk')} />
      <section className={s.section} aria-labelledby="fund-list">
        <h2 id="fund-list" className="small">
          {t('fund:list.title')}
        </h2>
        <RemoteView
          state={toRemoteState(funds)}
          onRetry={() => void funds.refetch()}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title={t('fund:list.empty')} testId="funds-empty" />}
        >
          {(list) => (
            <ul className={s.cards} data-testid="funds">
              {list.map((f) => (
                <FundCard key={f.id} f={f} />
              ))}
            </ul>
          )}
        </RemoteView>
      </section>
      <MyFundOrders />
    </>
  );
}
