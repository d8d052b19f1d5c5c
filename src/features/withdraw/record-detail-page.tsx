// One withdrawal's detail: /pages/wallet/recordDetail?id= (bank or wallet) and
// /pages/withdraw/cryptoRecordDetail?id= (crypto). Another user's id answers like a missing one.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { withdrawalQuery } from './queries.ts';
import { WithdrawalDetail } from './record-parts.tsx';

function Detail({ id }: { id: string }) {
  const q = useQuery(withdrawalQuery(useAccountScope(), id));
  return (
    <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
      {(w) => <WithdrawalDetail w={w} />}
    </RemoteView>
  );
}

export default function RecordDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <div className="page">
      <PageHeader title={t('nav:title.wallet.recordDetail')} />
      <div className="page__body">
        {/^[1-9][0-9]{0,15}$/.test(id) ? (
          <Detail id={id} />
        ) : (
          <EmptyState title={t('withdraw:record.notFound')} testId="withdraw-missing" />
        )}
      </div>
    </div>
  );
}
