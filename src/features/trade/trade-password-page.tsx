// Transaction password (/pages/user/tradePassword): set it (6 digits, twice) when the profile has none, else
// change it (current + new twice). Exactly 6 digits (spec §5); refusals are the server's messages.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { NewPasswordFields, PasswordField } from '../../shared/ui/password-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { useCheckedSubmit } from '../../shared/ui/use-checked-submit.ts';
import { useGoBack } from '../../shared/ui/use-go-back.ts';
import { changeTradePasswordCall, setTradePasswordCall } from './queries.ts';
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

  const scope = useAccountScope();
  const client = useQueryClient();
  // Whether a password is set decides set or change: read the profile fresh on opening.
  useQuery(profileQuery(scope));
  const save = useMutation({
    mutationFn: (f: TradePasswordForm) =>
      mode === 'set'
        ? setTradePasswordCall(f.password, f.password2)
        : changeTradePasswordCall(f.oldPassword, f.password, f.password2),
    // hasTradePassword changes: the profile is read again before going back.
    onSuccess: () => client.invalidateQueries({ queryKey: profileQuery(scope).queryKey }),
  });

  const { errors, busy, onSubmit } = useCheckedSubmit(
    () => tradePasswordErrors(form, mode),
    async () => {
      try {
        await save.mutateAsync(form);
      } catch (error) {
        toastCallFailure(error);
        return;
      }
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
