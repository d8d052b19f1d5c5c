// A numeric field between − and + buttons (price by ticks, quantity by lots). Values stay left-to-right.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import s from './stepper-field.module.css';

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
    <div className={s.stepper}>
      <label className={s.label} htmlFor={id}>
        {props.label}
      </label>
      <div className={s.box} dir="ltr">
        <button
          type="button"
          className={s.btn}
          aria-label={t('trade:form.decrease', { field: props.label })}
          disabled={props.disabled}
          data-testid={`${props.testId}-minus`}
          onClick={() => props.onStep(-1)}
        >
          −
        </button>
        <input
          id={id}
          className={s.input}
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
          className={s.btn}
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

/** The same box holding a fixed text instead of a number (a market order's price). */
export function FixedStepperField({ label, text }: { label: string; text: string }) {
  return (
    <div className={s.stepper}>
      <span className={s.label}>{label}</span>
      <div className={`${s.box} ${s.fixed}`}>{text}</div>
    </div>
  );
}
