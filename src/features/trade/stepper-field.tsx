// A numeric field between − and + buttons (price by ticks, quantity by lots). Values stay left-to-right.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface StepperFieldProps {
  label: string;
  value: string;
  onValue: (v: string) => void;
  onStep: (dir: 1 | -1) => void;
  inputMode: 'decimal' | 'numeric';
  placeholder?: string;
  disabled?: boolean;
  testId: string;
}

export function StepperField(props: StepperFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="stepper">
      <label className="stepper__label" htmlFor={id}>
        {props.label}
      </label>
      <div className={`stepper__box${props.disabled ? ' is-disabled' : ''}`} dir="ltr">
        <button
          type="button"
          className="stepper__btn"
          aria-label={t('trade:form.decrease', { field: props.label })}
          disabled={props.disabled}
          data-testid={`${props.testId}-minus`}
          onClick={() => props.onStep(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="stepper__input"
          inputMode={props.inputMode}
          autoComplete="off"
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          data-testid={props.testId}
          onChange={(e) => props.onValue(e.target.value)}
        />
        <button
          type="button"
          className="stepper__btn"
          aria-label={t('trade:form.increase', { field: props.label })}
          disabled={props.disabled}
          data-testid={`${props.testId}-plus`}
          onClick={() => props.onStep(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
