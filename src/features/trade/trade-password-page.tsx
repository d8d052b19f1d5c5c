// Transaction password (/pages/user/tradePassword): set it (6 digits, twice) when the profile has none, else
// change it (current + new twice). Exactly 6 digits (spec §5); refusals are the server's messages.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useGoBack } from '../../shared/ui/use-go-back.ts';
import { changeTradePassword, refreshProfile, setTradePassword, toastFailure } from './trade-api.ts';
import { tradePasswordErrors, type TradePasswordForm } from './trade-password.ts';

export default function TradePasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const user = useAtomValue(userInfoAtom);
  const mode = user?.hasTradePassword ? 'change' : 'set';
  const [form, setForm] = useState<TradePasswordForm>({ oldPassword: '', password: '', password2: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof TradePasswordForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof TradePasswordForm) => (v: string) =>
    setForm((f) => ({ ...f, [k]: v.replace(/\D/g, '').slice(0, 6) }));

  useEffect(() => {
    void refreshProfile();
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = tradePasswordErrors(form, mode);
    const shown: Partial<Record<keyof TradePasswordForm, string>> = {};
    for (const [k, v] of Object.entries(found)) if (v) shown[k as keyof TradePasswordForm] = t(v);
    setErrors(shown);
    if (Object.keys(shown).length > 0) return;
    setBusy(true);
    try {
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
    } catch {
      showToast(t('common:networkError'), { icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const pin = { type: 'password', inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } as const;
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.tradePassword')} />
      <div className="page__body">
        <form
          className="auth-form"
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          data-testid="trade-password-form"
        >
          <p className="muted small">
            {t(mode === 'set' ? 'trade:password.setIntro' : 'trade:password.changeIntro')}
          </p>
          {mode === 'change' && (
            <TextField
              label={t('trade:password.old')}
              value={form.oldPassword}
              onValue={set('oldPassword')}
              error={errors.oldPassword}
              name="oldPassword"
              {...pin}
            />
          )}
          <TextField
            label={t('trade:password.new')}
            value={form.password}
            onValue={set('password')}
            error={errors.password}
            placeholder={t('trade:password.placeholder')}
            name="password"
            {...pin}
          />
          <TextField
            label={t('trade:password.confirm')}
            value={form.password2}
            onValue={set('password2')}
            error={errors.password2}
            placeholder={t('trade:password.placeholder')}
            name="password2"
            {...pin}
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
