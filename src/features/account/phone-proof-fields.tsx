// What sign-up and the password reset both ask for, in the same order: the +92 phone, the SMS code texted to
// it, and a new login password typed twice (wire names phone, code, password, password2).
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldPathByValue, UseFormReturn } from 'react-hook-form';
import type { CodeSendBody } from '../../../workers/protocol/api.ts';
import { ConfirmPasswordField, PasswordField } from '../../shared/forms/fields/password-field.tsx';
import { PhoneField } from '../../shared/forms/fields/phone-field.tsx';
import { SmsCodeField, type PhoneCodeValues } from './sms-code-field.tsx';

export interface PhoneProofValues extends PhoneCodeValues {
  password: string;
  password2: string;
}

interface PhoneProofFieldsProps<T extends PhoneProofValues> {
  form: UseFormReturn<T>;
  type: CodeSendBody['type'];
  areaCode: string;
  /** the label of the new password: "Password" on sign-up, "New password" on the reset */
  passwordLabel: string;
}

export function PhoneProofFields<T extends PhoneProofValues>(props: PhoneProofFieldsProps<T>) {
  const { form, type, areaCode, passwordLabel } = props;
  const { t } = useTranslation();
  const { control } = form;
  const name = (n: keyof PhoneProofValues) => n as FieldPathByValue<T, string>;
  return (
    <>
      <PhoneField
        control={control}
        name={name('phone')}
        areaCode={areaCode}
        label={t('account:fields.phone')}
        placeholder={t('account:fields.phonePlaceholder')}
        // A problem the "Send code" button found goes once the number is edited (before any submit).
        onEdit={() => {
          if (!form.formState.isSubmitted) form.clearErrors('phone' as FieldPath<T>);
        }}
      />
      <SmsCodeField form={form} type={type} areaCode={areaCode} />
      <PasswordField
        control={control}
        name={name('password')}
        confirmedBy={name('password2')}
        autoComplete="new-password"
        label={passwordLabel}
        placeholder={t('account:fields.newPasswordPlaceholder')}
      />
      <ConfirmPasswordField
        control={control}
        name={name('password2')}
        label={t('account:fields.confirmPassword')}
        placeholder={t('account:fields.confirmPlaceholder')}
      />
    </>
  );
}
