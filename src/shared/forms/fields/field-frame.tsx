// The frame of every form field: the label, the input box (an optional fixed prefix such as +92, the input,
// an optional trailing part such as a show/hide toggle), a hint, and the field's error under it, announced
// and tied to the input (aria-describedby). `ltr` lays the whole box out left-to-right inside Urdu, for values
// read left-to-right as a whole (a phone number with its +92, an IBAN).
import type { ReactNode } from 'react';
import s from './field-frame.module.css';

export interface FieldFrameProps {
  /** the input's id (useId) */
  inputId: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  prefix?: ReactNode;
  suffix?: ReactNode;
  ltr?: boolean;
  /** the input: give it `className={fieldInputClass}` and `{...describedBy(inputId, error, hint)}` */
  children: ReactNode;
}

/** The class of the input inside a frame. */
export const fieldInputClass = s.input;
/** The class of a button inside a frame's box (show/hide, max): a 48 px touch target. */
export const fieldButtonClass = s.boxButton;

const errorId = (inputId: string) => `${inputId}-error`;
const hintId = (inputId: string) => `${inputId}-hint`;

/** aria-invalid and aria-describedby of a framed input. */
export function describedBy(inputId: string, error: string | undefined, hint?: ReactNode) {
  const ids = [error ? errorId(inputId) : '', hint && !error ? hintId(inputId) : ''].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const;
}

export function FieldFrame({ inputId, label, error, hint, prefix, suffix, ltr, children }: FieldFrameProps) {
  return (
    <div className={error ? `${s.field} ${s.invalid}` : s.field}>
      <label className={s.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={s.box} dir={ltr ? 'ltr' : undefined}>
        {prefix !== undefined && (
          <span className={s.prefix} dir="ltr">
            {prefix}
          </span>
        )}
        {children}
        {suffix}
      </div>
      {hint && !error && (
        <p className={s.hint} id={hintId(inputId)}>
          {hint}
        </p>
      )}
      {error && (
        <p className={s.error} id={errorId(inputId)} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
