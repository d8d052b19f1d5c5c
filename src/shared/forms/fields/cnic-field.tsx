// A CNIC, typed as digits: the dashes of XXXXX-XXXXXXX-X appear by themselves (contract/cnic.ts), on the
// numeric keypad, left-to-right in Urdu. The form holds the written form, dashes included, as the wire does.
import type { FieldValues } from 'react-hook-form';
import { formatCnicInput } from '../../../../contract/cnic.ts';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import { describedBy, FieldFrame, fieldInputClass } from './field-frame.tsx';

export function CnicField<T extends FieldValues>(props: BoundFieldProps<T>) {
  const { label, placeholder } = props;
  const { inputRef, name, value, onChange, onBlur, error, inputId } = useBoundField(props);
  return (
    <FieldFrame inputId={inputId} label={label} error={error} ltr>
      <input
        id={inputId}
        ref={inputRef}
        name={name}
        className={fieldInputClass}
        inputMode="numeric"
        autoComplete="off"
        maxLength={15}
        value={value}
        placeholder={placeholder ?? 'XXXXX-XXXXXXX-X'}
        onChange={(e) => onChange(formatCnicInput(e.target.value))}
        onBlur={onBlur}
        {...describedBy(inputId, error)}
      />
    </FieldFrame>
  );
}
