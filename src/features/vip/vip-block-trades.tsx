// The block-trade opportunities section of /pages/stock/vip (issue 17 §5): the blocks on offer now
// (stock/bulk/list), each with its block price, discount and what is left, linking to its detail, and the way
// to every block. Only members see it (the page shows the gate texts to everyone else).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BulkBlock } from '../../../contract/bulk.ts';
import { getData } from '../../shared/api/data-client.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import s from './vip-page.module.css';

const SHOWN = 3;

export function VipBlockTrades() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...accountKey(useAccountScope(), RESOURCE.bulkBlocks), 'open'],
    queryFn: ({ signal }) => getData<BulkBlock[]>('stock/bulk/list', { state: 'open' }, { signal }),
    staleTime: 15_000,
  });
  return (
    <RemoteView
      state={toRemoteState(q)}
      onRetry={() => void q.refetch()}
      isEmpty={(d) => d.length === 0}
      empty={
        <div className={s.gate}>
          <p>{t('bulk:vip.none')}</p>
          <Link
            className="btn btn--ghost btn--small"
            to={routeTo('stockBulk.bulkList')}
            data-testid="vip-bulk-all"
          >
            {t('bulk:vip.all')}
          </Link>
        </div>
      }
    >
      {(d) => (
        <ListGroup>
          {d.slice(0, SHOWN).map((b) => (
            <ListRow
              key={b.id}
              label={
                <span>
                  <Num>{b.symbol}</Num> · <Num>{`${formatPKRAmount(b.price)} PKR`}</Num> ·{' '}
                  <Num>{`−${b.discountPct}%`}</Num>
                </span>
              }
              value={<Num>{withThousands(b.remaining)}</Num>}
              to={routeTo('stockBulk.bulkDetail', { id: b.id })}
              testId="vip-bulk-row"
            />
          ))}
          <ListRow label={t('bulk:vip.all')} to={routeTo('stockBulk.bulkList')} testId="vip-bulk-all" />
        </ListGroup>
      )}
    </RemoteView>
  );
}
