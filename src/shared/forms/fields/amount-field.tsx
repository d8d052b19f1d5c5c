// An amount in an asset with `decimals` places (PKR 2, a share 0, a coin up to 8): typed on the decimal keypad,
// left-to-right, as an exact decimal string — a keystroke that would add a sign, a letter or one decimal too
// many is refused. The submit turns the string into minor units with `amountMinor` (contract/money.ts), never
// through a float. `max` adds a button that fills in the largest amount (cut, not rounded, to the decimals).
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field.ts';
import { cleanAmountInput, truncateAmount } from './amount-input.ts';
import { describedBy, FieldFrame, fieldInputClass } from './field-frame.tsx';
import s from './amount-field.module.css';

export interface AmountFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  /** decimals of the asset */
  decimals: number;
  /** the asset's symbol after the number (PKR, OGDC …) */
  unit?: string | undefined;
  /** the largest amount, a decimal string (from the server), for the "Max" button */
  max?: string | undefined;
  hint?: string | undefined;
}

export function AmountField<T extends FieldValues>(props: AmountFieldProps<T>) {
  const { label, placeholder, decimals, unit, max, hint } = props;
  const { t } = useTranslation();
  const { inputRef, name, value, onChange, onBlur, error, inputId } = useBoundField(props);
  const maxText = max === undefined ? null : truncateAmount(max, decimals);
  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      error={error}
      hint={hint}
      ltr
      suffix={
        <>
          {unit && <span className={s.unit}>{unit}</span>}
          {maxText !== null && (
            <button type="button" className={s.max} onClick={() => onChange(maxText)}>
              {t('common:max')}
            </button>
          )}
        </>
      }
    >
      <input
        id={inputId}
        ref={inputRef}
        name={name}
        className={fieldInputClass}
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          const next = cleanAmountInput(e.target.value, decimals);
          if (next !== null) onChange(next);
        }}
        onBlur={onBlur}
        {...describedBy(inputId, error, hint)}
      />
    </FieldFrame>
  );
}
