// Transaction password (/pages/user/tradePassword): set it (6 digits, twice) when the profile has none, else
// change it (current + new twice). Exactly 6 digits (spec §5); refusals are the server's messages.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { NewPasswordFields, PasswordField } from '../../shared/ui/password-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useCheckedSubmit } from '../../shared/ui/use-checked-submit.ts';
import { useGoBack } from '../../shared/ui/use-go-back.ts';
import { changeTradePassword, refreshProfile, setTradePassword, toastFailure } from './trade-api.ts';
import { tradePasswordErrors, type TradePasswordForm } from './trade-password.ts';

const PIN_DIGITS = 6;

export default function TradePasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const user = useAtomValue(userInfoAtom);
  const mode = user?.hasTradePassword ? 'change' : 'set';
  const [form, setForm] = useState<TradePasswordForm>({ oldPassword: '', password: '', password2: '' });
  const set = (k: keyof TradePasswordForm) => (v: string) =>
    setForm((f) => ({ ...f, [k]: v.replace(/\D/g, '').slice(0, PIN_DIGITS) }));
  const placeholder = t('trade:password.placeholder');

  useEffect(() => {
    void refreshProfile();
  }, []);

  const { errors, busy, onSubmit } = useCheckedSubmit(
    () => tradePasswordErrors(form, mode),
    async () => {
      const res =
        mode === 'set'
          ? await setTradePassword(form.password, form.password2)
          : await changeTradePassword(form.oldPassword, form.password, form.password2);
      if (res?.code !== CODE_OK) {
        toastFailure(res);
        return;
      }
      await refreshProfile();
      showToast(t(mode === 'set' ? 'trade:password.setDone' : 'trade:password.changeDone'), {
        icon: 'success',
      });
      goBack();
    },
  );

  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.tradePassword')} />
      <div className="page__body">
        <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="trade-password-form">
          <p className="muted small">
            {t(mode === 'set' ? 'trade:password.setIntro' : 'trade:password.changeIntro')}
          </p>
          {mode === 'change' && (
            <PasswordField
              label={t('trade:password.old')}
              value={form.oldPassword}
              onValue={set('oldPassword')}
              error={errors.oldPassword}
              name="oldPassword"
              digits={PIN_DIGITS}
            />
          )}
          <NewPasswordFields
            values={form}
            errors={errors}
            onValue={set}
            labels={{ password: t('trade:password.new'), password2: t('trade:password.confirm') }}
            placeholders={{ password: placeholder, password2: placeholder }}
            digits={PIN_DIGITS}
          />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={busy}
            data-testid="trade-password-submit"
          >
            {t(mode === 'set' ? 'trade:password.setSubmit' : 'trade:password.changeSubmit')}
          </button>
        </form>
      </div>
    </div>
  );
}
