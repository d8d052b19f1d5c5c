// Withdrawal password (/pages/user/withdrawPassword, beyond spec §2: the security centre's row): set it
// (6 digits, twice) when none is set, else change it (current + new twice), or reset a forgotten one with an
// SMS code texted to the account's own phone (type `reset`). The rules are the contract's schemas
// (contract/withdraw.ts), refusals the server's messages at their fields. Same design as the transaction
// password's page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control, FieldPathByValue } from 'react-hook-form';
import {
  WithdrawPasswordResetBody,
  WithdrawPasswordSetBody,
  WithdrawPasswordUpdateBody,
} from '../../../contract/withdraw.ts';
import { postData } from '../../shared/api/data-client.ts';
import { ConfirmPasswordField, PinField } from '../../shared/forms/fields/password-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
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
import { postCodeSend } from './account-api.ts';

type Mode = 'set' | 'change' | 'reset';

function useDone(mode: Mode) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const scope = useAccountScope();
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: profileQuery(scope).queryKey });
    showToast(t(`withdraw:password.${mode}Done`), { icon: 'success' });
    goBack();
  };
}

function NewPin<T extends { password: string; password2: string }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  const placeholder = t('withdraw:password.placeholder');
  const name = (n: 'password' | 'password2') => n as FieldPathByValue<T, string>;
  return (
    <>
      <PinField
        control={control}
        name={name('password')}
        confirmedBy={name('password2')}
        label={t('withdraw:password.new')}
        placeholder={placeholder}
      />
      <ConfirmPasswordField
        control={control}
        name={name('password2')}
        pin
        label={t('withdraw:password.confirm')}
        placeholder={placeholder}
      />
    </>
  );
}

function SetForm() {
  const { t } = useTranslation();
  const done = useDone('set');
  const { form, state } = useContractForm({
    schema: WithdrawPasswordSetBody,
    defaultValues: { password: '', password2: '' },
    rules: [sameAs('password', 'password2')],
    submit: async (v) => {
      await postData<null>('user/withdraw/password/set', v);
      await done();
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t('withdraw:password.setSubmit')}
      testId="withdraw-password-form"
      submitTestId="withdraw-password-submit"
    >
      <p className="muted small">{t('withdraw:password.setIntro')}</p>
      <NewPin control={form.control} />
    </FormView>
  );
}

function ChangeForm() {
  const { t } = useTranslation();
  const done = useDone('change');
  const { form, state } = useContractForm({
    schema: WithdrawPasswordUpdateBody,
    defaultValues: { oldPassword: '', password: '', password2: '' },
    rules: [differentFrom('password', 'oldPassword'), sameAs('password', 'password2')],
    submit: async (v) => {
      await postData<null>('user/withdraw/password/update', v);
      await done();
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t('withdraw:password.changeSubmit')}
      testId="withdraw-password-form"
      submitTestId="withdraw-password-submit"
    >
      <p className="muted small">{t('withdraw:password.changeIntro')}</p>
      <PinField
        control={form.control}
        name="oldPassword"
        label={t('withdraw:password.old')}
        placeholder={t('withdraw:password.placeholder')}
      />
      <NewPin control={form.control} />
    </FormView>
  );
}

function ResetForm({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const done = useDone('reset');
  const [sending, setSending] = useState(false);
  const { form, state } = useContractForm({
    schema: WithdrawPasswordResetBody,
    defaultValues: { code: '', password: '', password2: '' },
    rules: [sameAs('password', 'password2')],
    submit: async (v) => {
      await postData<null>('user/withdraw/password/reset', v);
      await done();
    },
  });
  const send = async () => {
    setSending(true);
    try {
      await postCodeSend({ areaCode: '+92', phone: phone.replace(/^\+92/, ''), type: 'withdraw' });
      showToast(t('withdraw:password.codeSent'), { icon: 'success' });
    } catch {
      // the failure's toast is shown once, globally
    } finally {
      setSending(false);
    }
  };
  return (
    <FormView
      {...state}
      submitLabel={t('withdraw:password.resetSubmit')}
      testId="withdraw-password-reset"
      submitTestId="withdraw-password-reset-submit"
    >
      <p className="muted small">{t('withdraw:password.resetIntro')}</p>
      <TextField
        control={form.control}
        name="code"
        label={t('withdraw:password.code')}
        placeholder="000000"
      />
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => void send()}
        disabled={sending}
        data-testid="withdraw-password-send"
      >
        {t('withdraw:password.sendCode')}
      </button>
      <NewPin control={form.control} />
    </FormView>
  );
}

export default function WithdrawPasswordPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const [forgot, setForgot] = useState(false);
  useQuery(profileQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.withdrawPassword')} />
      <div className="page__body">
        {forgot && user ? (
          <ResetForm phone={user.phone} />
        ) : user?.hasWithdrawPassword ? (
          <>
            <ChangeForm />
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => setForgot(true)}
              data-testid="withdraw-password-forgot"
            >
              {t('withdraw:password.forgot')}
            </button>
          </>
        ) : (
          <SetForm />
        )}
      </div>
    </div>
  );
}
