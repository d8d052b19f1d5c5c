// A labelled input with an inline error, an optional fixed prefix (e.g. +92) and a show/hide toggle for
// passwords. Phone numbers and passwords are typed left-to-right even in Urdu.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEye, IconEyeOff } from './icons.tsx';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'prefix'
> {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  prefix?: ReactNode;
  suffix?: ReactNode;
  ltr?: boolean;
}

export function TextField({
  label,
  value,
  onValue,
  error,
  prefix,
  suffix,
  ltr,
  type,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errId = `${id}-err`;
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        {prefix && (
          <span className="field__prefix" dir="ltr">
            {prefix}
          </span>
        )}
        <input
          id={id}
          className="field__input"
          dir={ltr || isPassword ? 'ltr' : undefined}
          type={isPassword && shown ? 'text' : type}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="icon-btn field__toggle"
            aria-label={shown ? t('common:hidePassword') : t('common:showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <IconEyeOff size={20} /> : <IconEye size={20} />}
          </button>
        )}
        {suffix}
      </div>
      {error && (
        <p className="field__error" id={errId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
