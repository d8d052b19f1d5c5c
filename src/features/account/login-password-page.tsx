// Change login password (/pages/user/loginPassword). The server revokes every token on success, so the
// client clears its session and sends the user to log in again with the new password.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { NewPasswordFields, PasswordField } from '../../shared/ui/password-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useCheckedSubmit } from '../../shared/ui/use-checked-submit.ts';
import { postUpdatePassword, toastFailure } from './account-api.ts';
import { clearLocalSession } from './session.ts';
import { confirmError, passwordError } from './validation.ts';

type Field = 'oldPassword' | 'password' | 'password2';

export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<Field, string>>({ oldPassword: '', password: '', password2: '' });
  const set = (k: Field) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const { errors, busy, onSubmit } = useCheckedSubmit<Field>(
    () => ({
      oldPassword: form.oldPassword ? null : 'account:errors.oldPasswordRequired',
      password:
        passwordError(form.password) ??
        (form.password === form.oldPassword ? 'account:errors.passwordSameAsOld' : null),
      password2: confirmError(form.password, form.password2),
    }),
    async () => {
      const res = await postUpdatePassword(form);
      if (res?.code !== CODE_OK) {
        toastFailure(res);
        return;
      }
      // Drop the (already revoked) tokens first: login sends a signed-in user home.
      clearLocalSession();
      void navigate(routeTo('common.login'), { replace: true });
      showToast(t('account:password.changed'), { icon: 'success', durationMs: 3000 });
    },
  );

  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.loginPassword')} />
      <div className="page__body">
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <PasswordField
            label={t('account:fields.oldPassword')}
            value={form.oldPassword}
            onValue={set('oldPassword')}
            error={errors.oldPassword}
            autoComplete="current-password"
            name="oldPassword"
          />
          <NewPasswordFields
            values={form}
            errors={errors}
            onValue={set}
            labels={{
              password: t('account:fields.newPassword'),
              password2: t('account:fields.confirmPassword'),
            }}
            placeholders={{
              password: t('account:fields.newPasswordPlaceholder'),
              password2: t('account:fields.confirmPlaceholder'),
            }}
          />
          <p className="muted small">{t('account:password.hint')}</p>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {t('account:password.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
