// Password inputs: one field with the show/hide toggle, and the "new password + repeat it" pair that
// registration, the login-password change and the transaction password share. A PIN (`digits`) gets the
// numeric keypad and no autofill. Passwords are typed left-to-right even in Urdu.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEye, IconEyeOff } from './icons.tsx';
import { TextField } from './text-field.tsx';

type PasswordFieldProps = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  name: string;
  placeholder?: string | undefined;
} & (
  | { autoComplete: 'current-password' | 'new-password'; digits?: undefined }
  /** a PIN of exactly this many digits */
  | { digits: number; autoComplete?: undefined }
);

export function PasswordField({ digits, autoComplete, placeholder, ...field }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const input =
    digits === undefined
      ? { autoComplete }
      : ({ inputMode: 'numeric', maxLength: digits, autoComplete: 'off' } as const);
  return (
    <TextField
      {...field}
      {...input}
      {...(placeholder !== undefined && { placeholder })}
      type={shown ? 'text' : 'password'}
      ltr
      suffix={
        <button
          type="button"
          className="icon-btn field__toggle"
          aria-label={shown ? t('common:hidePassword') : t('common:showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <IconEyeOff size={20} /> : <IconEye size={20} />}
        </button>
      }
    />
  );
}

type NewPasswordKey = 'password' | 'password2';

interface NewPasswordFieldsProps {
  /** the form holding the new password (`password`) and its repetition (`password2`), the wire names */
  values: Record<NewPasswordKey, string>;
  errors: Partial<Record<NewPasswordKey, string>>;
  onValue: (key: NewPasswordKey) => (v: string) => void;
  labels: Record<NewPasswordKey, string>;
  placeholders: Record<NewPasswordKey, string>;
  digits?: number;
}

/** The new password and its repetition, in that order, named `password` and `password2`. */
export function NewPasswordFields({
  values,
  errors,
  onValue,
  labels,
  placeholders,
  digits,
}: NewPasswordFieldsProps) {
  return (['password', 'password2'] as const).map((key) => {
    const common = {
      label: labels[key],
      value: values[key],
      onValue: onValue(key),
      error: errors[key],
      placeholder: placeholders[key],
      name: key,
    };
    return digits === undefined ? (
      <PasswordField key={key} {...common} autoComplete="new-password" />
    ) : (
      <PasswordField key={key} {...common} digits={digits} />
    );
  });
}
