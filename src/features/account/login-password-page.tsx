// Change login password (/pages/user/loginPassword). The server revokes every token on success, so the
// client clears its session and sends the user to log in again with the new password.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UpdatePasswordBody } from '../../../contract/user.ts';
import { ConfirmPasswordField, PasswordField } from '../../shared/forms/fields/password-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { differentFrom, sameAs } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { postUpdatePassword } from './account-api.ts';
import { clearLocalSession } from './session.ts';

export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, state } = useContractForm({
    schema: UpdatePasswordBody,
    defaultValues: { oldPassword: '', password: '', password2: '' },
    rules: [differentFrom('password', 'oldPassword'), sameAs('password', 'password2')],
    submit: async (values) => {
      await postUpdatePassword(values);
      // Drop the (already revoked) tokens first: login sends a signed-in user home.
      clearLocalSession();
      void navigate(routeTo('common.login'), { replace: true });
      showToast(t('account:password.changed'), { icon: 'success', durationMs: 3000 });
    },
  });

  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.loginPassword')} />
      <div className="page__body">
        <FormView {...state} submitLabel={t('account:password.submit')}>
          <PasswordField
            control={form.control}
            name="oldPassword"
            autoComplete="current-password"
            label={t('account:fields.oldPassword')}
          />
          <PasswordField
            control={form.control}
            name="password"
            confirmedBy="password2"
            autoComplete="new-password"
            label={t('account:fields.newPassword')}
            placeholder={t('account:fields.newPasswordPlaceholder')}
          />
          <ConfirmPasswordField
            control={form.control}
            name="password2"
            label={t('account:fields.confirmPassword')}
            placeholder={t('account:fields.confirmPlaceholder')}
          />
          <p className="muted small">{t('account:password.hint')}</p>
        </FormView>
      </div>
    </div>
  );
}
