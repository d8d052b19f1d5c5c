// A labelled input with an inline error, an optional fixed prefix (e.g. +92) and an optional trailing part
// (a captcha image, a password's show/hide toggle: password-field.tsx). `ltr` keeps phone numbers
// left-to-right even in Urdu.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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

export function TextField({ label, value, onValue, error, prefix, suffix, ltr, ...rest }: TextFieldProps) {
  const id = useId();
  const errId = `${id}-err`;
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
          dir={ltr ? 'ltr' : undefined}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          {...rest}
        />
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
