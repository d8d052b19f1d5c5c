// A plain text field of a form (captcha, invitation code, SMS code): `clean` reshapes what is typed (digits
// only, a length cap) before it reaches the form; `suffix` is a trailing control inside the box.
import type { FieldValues } from 'react-hook-form';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import { describedBy, FieldFrame, fieldInputClass } from './field-frame.tsx';

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'inputMode' | 'maxLength' | 'type' | 'enterKeyHint' | 'autoCapitalize'
>;

export interface TextFieldProps<T extends FieldValues> extends BoundFieldProps<T>, InputAttributes {
  clean?: (typed: string) => string;
  /** typed left-to-right even in Urdu (codes, numbers) */
  ltr?: boolean;
  suffix?: ReactNode;
  hint?: ReactNode;
}

export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { label, placeholder, clean, ltr, suffix, hint, control: _c, name: _n, ...input } = props;
  const { inputRef, name, value, onChange, onBlur, error, inputId } = useBoundField(props);
  return (
    <FieldFrame inputId={inputId} label={label} error={error} hint={hint} suffix={suffix} ltr={ltr === true}>
      <input
        {...input}
        id={inputId}
        ref={inputRef}
        name={name}
        className={fieldInputClass}
        dir={ltr ? 'ltr' : undefined}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(clean ? clean(e.target.value) : e.target.value)}
        onBlur={onBlur}
        spellCheck={false}
        {...describedBy(inputId, error, hint)}
      />
    </FieldFrame>
  );
}
