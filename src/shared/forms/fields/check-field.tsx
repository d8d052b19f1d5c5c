// Checkboxes. `CheckField` is a form field whose wire value is '1' when ticked (the agreement of sign-up: the
// schema takes only '1', so an unticked box is refused with the server's own sentence); `Checkbox` is a plain
// one for a choice that is not sent (login's "remember the number").
import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import s from './check-field.module.css';

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  name?: string;
  /** one line centred beside another control */
  inline?: boolean;
}

export function Checkbox({ checked, onChange, children, name, inline }: CheckboxProps) {
  return (
    <label className={inline ? `${s.check} ${s.inline}` : s.check}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/** Ticked is '1', unticked '0' (a value the schema refuses, so the form says why). */
export function CheckField<T extends FieldValues>(
  props: Omit<BoundFieldProps<T>, 'label' | 'placeholder'> & { children: ReactNode },
) {
  const { inputRef, name, value, onChange, onBlur, error } = useBoundField(props);
  const errorId = useId();
  return (
    <div>
      <label className={s.check}>
        <input
          type="checkbox"
          ref={inputRef}
          name={name}
          checked={value === '1'}
          onChange={(e) => onChange(e.target.checked ? '1' : '0')}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{props.children}</span>
      </label>
      {error && (
        <p className={s.error} id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
