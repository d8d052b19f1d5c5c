// Transaction password (/pages/user/tradePassword): set it (6 digits, twice) when the profile has none, else
// change it (current + new twice). Exactly 6 digits (spec §5); the rules are the contract's schemas
// (TradePasswordSetBody, TradePasswordChangeBody), refusals the server's messages, at their fields.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control, FieldPathByValue } from 'react-hook-form';
import { TradePasswordChangeBody, TradePasswordSetBody } from '../../../contract/user.ts';
import { ConfirmPasswordField, PinField } from '../../shared/forms/fields/password-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { differentFrom, sameAs } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useGoBack } from '../../shared/ui/use-go-back.ts';
import { changeTradePasswordCall, setTradePasswordCall } from './queries.ts';

type Mode = 'set' | 'change';

/** After either form succeeds: hasTradePassword changed, so the profile is read again before going back. */
function useDone(mode: Mode) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const scope = useAccountScope();
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: profileQuery(scope).queryKey });
    showToast(t(mode === 'set' ? 'trade:password.setDone' : 'trade:password.changeDone'), {
      icon: 'success',
    });
    goBack();
  };
}

/** The new PIN and its repetition, as both forms ask for them (wire names password and password2). */
function NewPin<T extends { password: string; password2: string }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  const placeholder = t('trade:password.placeholder');
  const name = (n: 'password' | 'password2') => n as FieldPathByValue<T, string>;
  return (
    <>
      <PinField
        control={control}
        name={name('password')}
        confirmedBy={name('password2')}
        label={t('trade:password.new')}
        placeholder={placeholder}
      />
      <ConfirmPasswordField
        control={control}
        name={name('password2')}
        pin
        label={t('trade:password.confirm')}
        placeholder={placeholder}
      />
    </>
  );
}

function SetForm() {
  const { t } = useTranslation();
  const done = useDone('set');
  const { form, state } = useContractForm({
    schema: TradePasswordSetBody,
    defaultValues: { password: '', password2: '' },
    rules: [sameAs('password', 'password2')],
    submit: async ({ password, password2 }) => {
      await setTradePasswordCall(password, password2);
      await done();
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t('trade:password.setSubmit')}
      testId="trade-password-form"
      submitTestId="trade-password-submit"
    >
      <p className="muted small">{t('trade:password.setIntro')}</p>
      <NewPin control={form.control} />
    </FormView>
  );
}

function ChangeForm() {
  const { t } = useTranslation();
  const done = useDone('change');
  const { form, state } = useContractForm({
    schema: TradePasswordChangeBody,
    defaultValues: { oldPassword: '', password: '', password2: '' },
    rules: [differentFrom('password', 'oldPassword'), sameAs('password', 'password2')],
    submit: async ({ oldPassword, password, password2 }) => {
      await changeTradePasswordCall(oldPassword, password, password2);
      await done();
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t('trade:password.changeSubmit')}
      testId="trade-password-form"
      submitTestId="trade-password-submit"
    >
      <p className="muted small">{t('trade:password.changeIntro')}</p>
      <PinField
        control={form.control}
        name="oldPassword"
        label={t('trade:password.old')}
        placeholder={t('trade:password.placeholder')}
      />
      <NewPin control={form.control} />
    </FormView>
  );
}

export default function TradePasswordPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  // Whether a password is set decides set or change: read the profile fresh on opening.
  useQuery(profileQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.tradePassword')} />
      <div className="page__body">{user?.hasTradePassword ? <ChangeForm /> : <SetForm />}</div>
    </div>
  );
}
