// Forgotten password (/pages/account/resetPassword, a route beyond spec §2): +92 phone, the SMS code texted
// to it, the new password twice (POST user/password/reset). The server ends every session of the user, so
// a session of the same user kept on this device is cleared too, and the user logs in with the new password.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';
import { ResetPasswordBody } from '../../../contract/user.ts';
import { sameAs } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { postResetPassword } from './account-api.ts';
import { AuthScreen } from './auth-screen.tsx';
import { PhoneProofFields } from './phone-proof-fields.tsx';
import { clearLocalSession } from './session.ts';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaCode = storage.get('areaCode') || '+92';
  const { form, state } = useContractForm({
    schema: ResetPasswordBody,
    defaultValues: { phone: '', code: '', password: '', password2: '' },
    rules: [sameAs('password', 'password2')],
    submit: async (values) => {
      const phone = normalizePkMobile(values.phone) ?? values.phone;
      await postResetPassword({ ...values, areaCode, phone });
      if (storage.get('userInfo')?.phone === `+92${phone}`) clearLocalSession();
      showToast(t('account:reset.success'), { icon: 'success' });
      void navigate(routeTo('account.login'), { replace: true });
    },
  });

  return (
    <AuthScreen
      title={t('nav:title.account.resetPassword')}
      hero={{ heading: t('account:reset.heading'), subtitle: t('account:reset.subtitle') }}
      form={state}
      submitLabel={t('account:reset.submit')}
      switchTo={{
        prompt: t('account:reset.remembered'),
        label: t('account:register.toLogin'),
        to: routeTo('account.login'),
      }}
    >
      <PhoneProofFields
        form={form}
        type="reset"
        areaCode={areaCode}
        passwordLabel={t('account:fields.newPassword')}
      />
    </AuthScreen>
  );
}
