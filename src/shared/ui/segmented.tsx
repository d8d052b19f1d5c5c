// A two-or-more option segmented control (real/demo account and the like), exposed as a radio group.
import s from './segmented.module.css';

interface SegmentedProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
  disabled?: boolean;
  testId?: string;
}

export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: SegmentedProps<V>) {
  return (
    <div className={s.segmented} role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className={s.opt}
          disabled={disabled}
          onClick={() => o.value !== value && onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
