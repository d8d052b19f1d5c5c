// My fund requests (all, or of one fund), newest first: pending with the close they are priced at, or
// confirmed at NAV x with the units; re-read while one is pending.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccountScope } from '../../../shared/query/use-account-scope.ts';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../../shared/ui/remote-state.ts';
import s from '../robot.module.css';
import { FundOrderRow } from './fund-parts.tsx';
import { myFundOrdersQuery } from './queries.ts';

export function MyFundOrders({ fundId }: { fundId?: number }) {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const mine = useQuery(myFundOrdersQuery(scope, i18n.language, fundId));
  return (
    <section className={s.section} aria-labelledby="fund-mine">
      <h2 id="fund-mine" className="small">
        {t('fund:list.mine')}
      </h2>
      <RemoteView
        state={toRemoteState(mine)}
        onRetry={() => void mine.refetch()}
        isEmpty={(p) => p.list.length === 0}
        empty={<p className="muted small">{t('fund:list.mineEmpty')}</p>}
      >
        {(p) => (
          <ul className={s.cards} data-testid="my-fund-orders">
            {p.list.map((o) => (
              <FundOrderRow key={o.id} o={o} />
            ))}
          </ul>
        )}
      </RemoteView>
    </section>
  );
}
