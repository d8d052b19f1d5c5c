// A Pakistani mobile number after its fixed +92 (reference/pakistan.md §4). The +92 and the number read as one
// left-to-right value, so the whole box is laid out left-to-right even in Urdu. The form holds the digits as
// typed (the schema accepts 3XXXXXXXXX or 03XXXXXXXXX); a pasted "+92 300 1234567" or "0300-1234567" becomes
// the national 3001234567, and anything but digits is dropped.
import type { FieldValues } from 'react-hook-form';
import { normalizePkMobile } from '../../../../contract/pk-mobile.ts';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import { describedBy, FieldFrame, fieldInputClass } from './field-frame.tsx';

/** The longest thing worth typing: 03XXXXXXXXX. */
const MAX_DIGITS = 11;

/** What the field keeps of what was typed or pasted. */
export function cleanPhoneInput(typed: string): string {
  return normalizePkMobile(typed) ?? typed.replace(/\D/g, '').slice(0, MAX_DIGITS);
}

export interface PhoneFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  /** the area code shown before the number (only +92 today) */
  areaCode: string;
  /** called after each change (e.g. to clear a "send code" problem shown under the field) */
  onEdit?: () => void;
}

export function PhoneField<T extends FieldValues>(props: PhoneFieldProps<T>) {
  const { label, placeholder, areaCode, onEdit } = props;
  const { inputRef, name, value, onChange, onBlur, error, inputId } = useBoundField(props);
  return (
    <FieldFrame inputId={inputId} label={label} error={error} prefix={areaCode} ltr>
      <input
        id={inputId}
        ref={inputRef}
        name={name}
        className={fieldInputClass}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(cleanPhoneInput(e.target.value));
          onEdit?.();
        }}
        onBlur={onBlur}
        {...describedBy(inputId, error)}
      />
    </FieldFrame>
  );
}
