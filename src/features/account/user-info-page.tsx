// User info (/pages/user/userInfo): account, id (copyable), KYC status, account type, created date.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/dates.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { CopyButton } from '../../shared/ui/copy-button.tsx';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { StaleNote } from '../../shared/ui/stale-note.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { AccountTypeBadge } from './account-switch.tsx';
import { KycBadge } from './kyc-badge.tsx';
import { accountTypeAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';

export default function UserInfoPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const type = useAtomValue(accountTypeAtom);
  // Read fresh on opening; the answer lands in storage, which the atom above mirrors.
  const profile = useQuery(profileQuery(useAccountScope()));
  const id = user ? String(user.id) : '';
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.userInfo')} />
      <div className="page__body">
        {profile.isError && !user && (
          <ErrorWithRetry error={profile.error} onRetry={() => void profile.refetch()} />
        )}
        {profile.isRefetchError && user && (
          <StaleNote updatedAt={profile.dataUpdatedAt} onRetry={() => void profile.refetch()} />
        )}
        <ListGroup>
          <ListRow label={t('account:fields.account')} value={<Num>{user?.account ?? '—'}</Num>} />
          <ListRow
            label={t('account:fields.userId')}
            value={
              <>
                <Num>{id || '—'}</Num>
                {id && <CopyButton value={id} label={t('common:copyId')} />}
              </>
            }
          />
          <ListRow
            label={t('account:fields.kyc')}
            value={<KycBadge idStatus={user?.idStatus} withResubmit />}
          />
          <ListRow label={t('account:fields.accountType')} value={<AccountTypeBadge type={type} />} />
          <ListRow label={t('account:fields.createdAt')} value={<Num>{formatDate(user?.createdAt)}</Num>} />
        </ListGroup>
      </div>
    </div>
  );
}
