// User info (/pages/user/userInfo): account (editable display name), id (copyable), phone, KYC status (to
// /pages/user/kyc), email (editable, unverified), account type, created date.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { ProfileEditSheet, type ProfileEdit } from './profile-edit-sheet.tsx';
import { routeTo } from '../../shared/routing/paths.ts';
import { accountTypeAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';

export default function UserInfoPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const type = useAtomValue(accountTypeAtom);
  // Read fresh on opening; the answer lands in storage, which the atom above mirrors.
  const profile = useQuery(profileQuery(useAccountScope()));
  const id = user ? String(user.id) : '';
  const [edit, setEdit] = useState<ProfileEdit | null>(null);
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
          <ListRow
            label={t('account:fields.account')}
            value={<Num>{user?.account ?? '—'}</Num>}
            {...(user ? { onClick: () => setEdit('account') } : {})}
            testId="profile-account"
          />
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
            label={t('kyc:profile.phone')}
            value={<Num>{user ? `${user.areaCode} ${user.phone.replace(/^\+92/u, '')}` : '—'}</Num>}
          />
          <ListRow
            label={t('account:fields.kyc')}
            value={<KycBadge idStatus={user?.idStatus} />}
            to={routeTo('user.kyc')}
            testId="profile-kyc"
          />
          <ListRow
            label={t('kyc:profile.email')}
            value={user?.email ? <Num>{user.email}</Num> : t('kyc:profile.emailNone')}
            {...(user ? { onClick: () => setEdit('email') } : {})}
            testId="profile-email"
          />
          <ListRow label={t('account:fields.accountType')} value={<AccountTypeBadge type={type} />} />
          <ListRow label={t('account:fields.createdAt')} value={<Num>{formatDate(user?.createdAt)}</Num>} />
        </ListGroup>
      </div>
      <ProfileEditSheet edit={edit} user={user} onClose={() => setEdit(null)} />
    </div>
  );
}
