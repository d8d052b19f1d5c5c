// Change login password (/pages/user/loginPassword). The server revokes every token on success, so the
// client clears its session and sends the user to log in again with the new password.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { postUpdatePassword, toastFailure } from './account-api.ts';
import { clearLocalSession } from './session.ts';
import { confirmError, passwordError } from './validation.ts';

type Field = 'oldPassword' | 'password' | 'password2';

export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<Field, string>>({ oldPassword: '', password: '', password2: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: Field) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<Field, string | null> = {
      oldPassword: form.oldPassword ? null : 'account:errors.oldPasswordRequired',
      password:
        passwordError(form.password) ??
        (form.password === form.oldPassword ? 'account:errors.passwordSameAsOld' : null),
      password2: confirmError(form.password, form.password2),
    };
    const shown: Partial<Record<Field, string>> = {};
    for (const [k, v] of Object.entries(found)) if (v) shown[k as Field] = t(v);
    setErrors(shown);
    if (Object.keys(shown).length > 0) return;
    setBusy(true);
    try {
      const res = await postUpdatePassword(form);
      if (res?.code !== CODE_OK) {
        toastFailure(res);
        return;
      }
      // Leave this private page first, then drop the (already revoked) tokens.
      void navigate(routeTo('common.login'), { replace: true });
      clearLocalSession();
      showToast(t('account:password.changed'), { icon: 'success', durationMs: 3000 });
    } catch {
      showToast(t('common:networkError'), { icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.loginPassword')} />
      <div className="page__body">
        <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextField
            label={t('account:fields.oldPassword')}
            value={form.oldPassword}
            onValue={set('oldPassword')}
            error={errors.oldPassword}
            type="password"
            autoComplete="current-password"
            name="oldPassword"
          />
          <TextField
            label={t('account:fields.newPassword')}
            value={form.password}
            onValue={set('password')}
            error={errors.password}
            type="password"
            autoComplete="new-password"
            placeholder={t('account:fields.newPasswordPlaceholder')}
            name="password"
          />
          <TextField
            label={t('account:fields.confirmPassword')}
            value={form.password2}
            onValue={set('password2')}
            error={errors.password2}
            type="password"
            autoComplete="new-password"
            placeholder={t('account:fields.confirmPlaceholder')}
            name="password2"
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
