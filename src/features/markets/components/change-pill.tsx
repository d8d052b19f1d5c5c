// The change-percent pill: green up, red down, grey flat. Text is the worker's formatted string.
import { cx } from '../../../shared/ui/cx.ts';
import { Num } from '../../../shared/ui/num.tsx';
import s from './change-pill.module.css';

export function ChangePill({
  pct,
  dir,
  className,
}: {
  pct: string | undefined;
  dir: 'up' | 'down' | 'flat' | undefined;
  className?: string;
}) {
  return (
    <span className={cx(s.pill, s[dir ?? 'flat'], className)}>
      <Num>{pct ?? '--'}</Num>
    </span>
  );
}
