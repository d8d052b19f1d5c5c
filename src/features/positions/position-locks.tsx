// A tapped position's locked shares and when each lock ends (stock/hold/locks): shares bought today wait for
// T+1, block-trade shares for the block's lock period (issue 17 §5). Nothing is shown when none are locked.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShareLock } from '../../../contract/bulk.ts';
import { getData } from '../../shared/api/data-client.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { withThousands } from '../../shared/format/numbers.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ltr } from '../../shared/format/bidi.ts';

export function PositionLocks({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...accountKey(useAccountScope(), RESOURCE.holding), 'locks', symbol],
    queryFn: ({ signal }) => getData<ShareLock[]>('stock/hold/locks', { symbol }, { signal }),
    staleTime: 10_000,
  });
  if (!q.data?.length) return null;
  return (
    <ul className="small" data-testid="position-locks">
      {q.data.map((l, i) => (
        <li key={i} data-testid="position-lock" data-kind={l.kind}>
          {t(l.kind === 'block' ? 'bulk:positions.blockLock' : 'bulk:positions.t1Lock', {
            qty: ltr(withThousands(l.qty)),
            date: ltr(formatDate(l.unlockAt, 'YYYY-MM-DD HH:mm')),
          })}
        </li>
      ))}
    </ul>
  );
}
