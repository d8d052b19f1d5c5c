// The change-percent pill: green up, red down, grey flat. Text is the worker's formatted string.
import { Num } from '../../../shared/ui/num.tsx';

export function ChangePill({
  pct,
  dir,
}: {
  pct: string | undefined;
  dir: 'up' | 'down' | 'flat' | undefined;
}) {
  return (
    <span className={`pill pill--${dir ?? 'flat'}`}>
      <Num>{pct ?? '--'}</Num>
    </span>
  );
}
