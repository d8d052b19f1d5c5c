// The profile's two edits on /pages/user/userInfo, each a one-field form in a bottom sheet: the display name
// (user/update) and the email (user/update/email, stored unverified). The answer is the profile: it is written
// to storage (the session atoms follow) and the profile query is refreshed.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UpdateAccountBody, UpdateEmailBody } from '../../../contract/kyc.ts';
import type { UserInfo } from '../../../workers/protocol/api.ts';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { storage } from '../../shared/storage/storage.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { postUpdateAccount, postUpdateEmail } from './account-api.ts';

export type ProfileEdit = 'account' | 'email';

function useSaved(onClose: () => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const scope = useAccountScope();
  return (user: UserInfo) => {
    if (storage.get('userAccountType') === user.accountType) storage.set('userInfo', user);
    client.setQueryData(profileQuery(scope).queryKey, user);
    showToast(t('kyc:profile.saved'), { icon: 'success' });
    onClose();
  };
}

function AccountForm({ initial, onClose }: { initial: string; onClose: () => void }) {
  const { t } = useTranslation();
  const saved = useSaved(onClose);
  const { form, state } = useContractForm({
    schema: UpdateAccountBody,
    defaultValues: { account: initial },
    submit: async ({ account }) => saved(await postUpdateAccount(account)),
  });
  return (
    <FormView {...state} submitLabel={t('kyc:profile.save')} testId="profile-account-form">
      <TextField
        control={form.control}
        name="account"
        label={t('account:fields.account')}
        hint={t('kyc:profile.nameHint')}
        maxLength={40}
        autoComplete="nickname"
      />
    </FormView>
  );
}

function EmailForm({ initial, onClose }: { initial: string; onClose: () => void }) {
  const { t } = useTranslation();
  const saved = useSaved(onClose);
  const { form, state } = useContractForm({
    schema: UpdateEmailBody,
    defaultValues: { email: initial },
    submit: async ({ email }) => saved(await postUpdateEmail(email)),
  });
  return (
    <FormView {...state} submitLabel={t('kyc:profile.save')} testId="profile-email-form">
      <TextField
        control={form.control}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t('kyc:profile.email')}
        hint={t('kyc:profile.emailUnverified')}
        maxLength={254}
        ltr
      />
    </FormView>
  );
}

export function ProfileEditSheet({
  edit,
  user,
  onClose,
}: {
  edit: ProfileEdit | null;
  user: UserInfo | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BottomSheet
      open={edit !== null}
      title={t(edit === 'email' ? 'kyc:profile.editEmail' : 'kyc:profile.editName')}
      onClose={onClose}
      testId="profile-edit-sheet"
    >
      {edit === 'account' && <AccountForm initial={user?.account ?? ''} onClose={onClose} />}
      {edit === 'email' && <EmailForm initial={user?.email ?? ''} onClose={onClose} />}
    </BottomSheet>
  );
}
