// The spot screen's open orders (with Cancel) and order history.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpotSeq } from '../../../market/account.ts';
import type { SpotOrder } from '../../../../contract/spot.ts';
import { accountKey, RESOURCE } from '../../../shared/query/query-keys.ts';
import { useAccountScope } from '../../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { closeSpotOrderCall, spotOrdersQuery } from './spot-queries.ts';
import s from './spot-page.module.css';

function Row({ o, onCancel }: { o: SpotOrder; onCancel?: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <li className={s.order} data-testid="spot-order">
      <div className={s.orderHead}>
        <strong className={o.side === 'buy' ? s.up : s.down}>
          {t(`markets:spot.${o.side}`)} · {t(`markets:spot.${o.type}`)}
        </strong>
        <span dir="ltr">
          {o.base}/{o.quote}
        </span>
        <span data-testid="spot-order-status">{t(`markets:spot.status.${o.status}`)}</span>
      </div>
      <dl className={s.orderFacts}>
        <dt>{t('markets:spot.price')}</dt>
        <dd className="num" dir="ltr">
          {o.type === 'limit' ? o.price : t('markets:spot.market')}
        </dd>
        <dt>{t('markets:spot.filled')}</dt>
        <dd className="num" dir="ltr">
          {o.filledQty} / {o.qty}
        </dd>
        <dt>{t('markets:spot.avgPrice')}</dt>
        <dd className="num" dir="ltr">
          {o.avgPrice}
        </dd>
        <dt>{t('markets:spot.fee')}</dt>
        <dd className="num" dir="ltr">
          {o.fee} {o.feeAsset}
        </dd>
      </dl>
      {o.reason && <p className="muted small">{o.reason}</p>}
      {onCancel && (
        <button type="button" className={`btn ${s.cancel}`} onClick={() => onCancel(o.id)}>
          {t('markets:spot.cancel')}
        </button>
      )}
    </li>
  );
}

export function SpotOrders({ scopeName }: { scopeName: 'open' | 'history' }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const q = useQuery(spotOrdersQuery(scope, scopeName));
  // The account socket told a spot order change (a fill on the simulator's prints, a cancel elsewhere): the
  // orders and balances are read again.
  const seq = useSpotSeq();
  useEffect(() => {
    if (seq > 0) void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.spot) });
  }, [seq, client, scope]);
  const cancel = useMutation({
    mutationFn: closeSpotOrderCall,
    onSettled: () => client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.spot) }),
  });
  const list = q.data?.list ?? [];
  if (q.isSuccess && list.length === 0)
    return <EmptyState title={t(scopeName === 'open' ? 'markets:spot.noOpen' : 'markets:spot.noHistory')} />;
  return (
    <ul className={s.orders} data-testid={`spot-${scopeName}`}>
      {list.map((o) => (
        <Row
          key={o.id}
          o={o}
          {...(scopeName === 'open' ? { onCancel: (id: number) => cancel.mutate(id) } : {})}
        />
      ))}
    </ul>
  );
}
