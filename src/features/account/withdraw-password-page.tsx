// Withdrawal password (/pages/user/withdrawPassword, beyond spec §2: the security centre's row): set it
// (6 digits, twice) when none is set, else change it (current + new twice), or reset a forgotten one with an
// SMS code texted to the account's own phone (type `reset`). The page is the shared 6-digit password page
// (src/shared/ui/pin-password-page.tsx, also the transaction password's); the calls and the reset form are
// this feature's. The rules are the contract's schemas (contract/withdraw.ts), refusals the server's messages
// at their fields.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithdrawPasswordResetBody } from '../../../contract/withdraw.ts';
import { postData } from '../../shared/api/data-client.ts';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { sameAs } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { NewPin, PinPasswordPage, usePinPasswordDone } from '../../shared/ui/pin-password-page.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { postCodeSend } from './account-api.ts';

function ResetForm({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const done = usePinPasswordDone('withdraw', 'reset');
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
      <NewPin kind="withdraw" control={form.control} />
    </FormView>
  );
}

export default function WithdrawPasswordPage() {
  return (
    <PinPasswordPage
      kind="withdraw"
      set={(v) => postData<null>('user/withdraw/password/set', v)}
      change={(v) => postData<null>('user/withdraw/password/update', v)}
      reset={(phone) => <ResetForm phone={phone} />}
    />
  );
}
