// Secrets: the login password (6–20 characters), the 6-digit PIN of the transaction and withdrawal passwords
// (numeric keypad, no autofill), and the repetition of either. Each has the show/hide toggle and is typed
// left-to-right even in Urdu. A password with a repetition names it (`confirmedBy`): after a first submit,
// changing the password checks the repetition again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { IconEye, IconEyeOff } from '../../ui/icons.tsx';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import { describedBy, FieldFrame, fieldButtonClass, fieldInputClass } from './field-frame.tsx';

export const PIN_DIGITS = 6;
const pinDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, PIN_DIGITS);

type Kind = 'current-password' | 'new-password' | 'pin';

interface SecretFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  kind: Kind;
  /** the field that repeats this one (checked again when this one changes) */
  confirmedBy?: FieldPathByValue<T, string> | undefined;
}

function SecretField<T extends FieldValues>(props: SecretFieldProps<T>) {
  const { label, placeholder, kind, confirmedBy } = props;
  const { t } = useTranslation();
  const { inputRef, name, value, onChange, onBlur, error, inputId } = useBoundField(props, confirmedBy);
  const [shown, setShown] = useState(false);
  const pin = kind === 'pin';
  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      error={error}
      suffix={
        <button
          type="button"
          className={fieldButtonClass}
          aria-label={shown ? t('common:hidePassword') : t('common:showPassword')}
          aria-pressed={shown}
          aria-controls={inputId}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <IconEyeOff size={20} /> : <IconEye size={20} />}
        </button>
      }
    >
      <input
        id={inputId}
        ref={inputRef}
        name={name}
        className={fieldInputClass}
        dir="ltr"
        type={shown ? 'text' : 'password'}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(pin ? pinDigits(e.target.value) : e.target.value)}
        onBlur={onBlur}
        spellCheck={false}
        autoCapitalize="off"
        {...(pin
          ? { inputMode: 'numeric', maxLength: PIN_DIGITS, autoComplete: 'off', pattern: '[0-9]*' }
          : { autoComplete: kind })}
        {...describedBy(inputId, error)}
      />
    </FieldFrame>
  );
}

export interface PasswordFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  /** 'current-password' to log in with, 'new-password' to choose one (password managers offer to save it) */
  autoComplete: 'current-password' | 'new-password';
  /** the ConfirmPasswordField repeating this one */
  confirmedBy?: FieldPathByValue<T, string>;
}

/** A login password with its show/hide toggle. */
export function PasswordField<T extends FieldValues>({ autoComplete, ...props }: PasswordFieldProps<T>) {
  return <SecretField {...props} kind={autoComplete} />;
}

/** A 6-digit PIN (transaction or withdrawal password): digits only, the numeric keypad, no autofill. */
export function PinField<T extends FieldValues>(
  props: BoundFieldProps<T> & { confirmedBy?: FieldPathByValue<T, string> },
) {
  return <SecretField {...props} kind="pin" />;
}

export interface ConfirmPasswordFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  /** repeats a PIN (PinField) rather than a login password */
  pin?: boolean;
}

/**
 * The repetition of a password or PIN (the form's `sameAs` rule compares them). Give the field it repeats
 * `confirmedBy` this field's name, so "the two passwords do not match" goes as soon as they do.
 */
export function ConfirmPasswordField<T extends FieldValues>({ pin, ...props }: ConfirmPasswordFieldProps<T>) {
  return <SecretField {...props} kind={pin ? 'pin' : 'new-password'} />;
}
