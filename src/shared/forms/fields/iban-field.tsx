// A Pakistani IBAN (contract/iban.ts): shown in groups of four, left-to-right, upper case; the form holds the
// compact 24 characters the wire takes. Once the bank code is typed the bank's name shows under the field.
// The schema checks the shape; add the form rule `ibanChecked(name)` for the check digits and the bank.
import type { FieldValues } from 'react-hook-form';
import { compactIban, groupIban, PK_IBAN_LENGTH, pkIbanBank } from '../../../../contract/iban.ts';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import { describedBy, FieldFrame, fieldInputClass } from './field-frame.tsx';

/** What the form keeps of what was typed or pasted: letters and digits, upper case, at most 24. */
export function cleanIbanInput(typed: string): string {
  return compactIban(typed)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PK_IBAN_LENGTH);
}

export function IbanField<T extends FieldValues>(props: BoundFieldProps<T>) {
  const { label, placeholder } = props;
  const { inputRef, name, value, onChange, onBlur, error, inputId } = useBoundField(props);
  const bank = value.length >= 8 ? pkIbanBank(value) : undefined;
  return (
    <FieldFrame inputId={inputId} label={label} error={error} hint={bank} ltr>
      <input
        id={inputId}
        ref={inputRef}
        name={name}
        className={fieldInputClass}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        // 24 characters and the 5 spaces between their groups
        maxLength={PK_IBAN_LENGTH + 5}
        value={groupIban(value)}
        placeholder={placeholder ?? 'PK00 XXXX 0000 0000 0000 0000'}
        onChange={(e) => onChange(cleanIbanInput(e.target.value))}
        onBlur={onBlur}
        {...describedBy(inputId, error, bank)}
      />
    </FieldFrame>
  );
}
