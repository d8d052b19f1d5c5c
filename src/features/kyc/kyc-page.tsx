// Identity verification (/pages/user/kyc): the state of the user's verification, and the form when there is
// none yet or after a failure (Resubmit). Loading, error with retry and stale states; after a submission the
// state shows Under Review and the profile (idStatus in the drawer and on Mine) is read again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycState } from '../../../workers/protocol/api.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { StaleNote } from '../../shared/ui/stale-note.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { KycForm } from './kyc-form.tsx';
import { KycStatusCard } from './kyc-status-card.tsx';
import { kycStateQuery } from './queries.ts';

export default function KycPage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const query = kycStateQuery(scope);
  const kyc = useQuery(query);
  const [resubmitting, setResubmitting] = useState(false);

  const onDone = (state: KycState) => {
    client.setQueryData(query.queryKey, state);
    setResubmitting(false);
    void client.invalidateQueries({ queryKey: profileQuery(scope).queryKey });
    showToast(t('kyc:form.sent'), { icon: 'success' });
  };

  const data = kyc.data;
  const showForm = data && (data.status === 'none' || (data.status === 'fail' && resubmitting));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.kyc')} />
      <div className="page__body" data-testid="kyc-page">
        {kyc.isPending && <Skeleton rows={4} />}
        {kyc.isError && !data && <ErrorWithRetry error={kyc.error} onRetry={() => void kyc.refetch()} />}
        {kyc.isRefetchError && data && (
          <StaleNote updatedAt={kyc.dataUpdatedAt} onRetry={() => void kyc.refetch()} />
        )}
        {data && !showForm && <KycStatusCard state={data} onResubmit={() => setResubmitting(true)} />}
        {showForm && (
          <>
            <p className="muted small">{t('kyc:form.intro')}</p>
            <KycForm onDone={onDone} />
          </>
        )}
      </div>
    </div>
  );
}
