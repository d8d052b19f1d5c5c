// A centred illustration + text block for empty and "coming soon" states, with an optional action. The
// illustration is optional: a list that simply has no rows yet needs only the sentence.
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import s from './empty-state.module.css';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ icon, title, text, action, testId }: EmptyStateProps) {
  return (
    <div className={cx(s.empty, !icon && s.plain)} data-testid={testId}>
      {icon && (
        <div className={s.art} aria-hidden="true">
          {icon}
        </div>
      )}
      <h2 className={s.title}>{title}</h2>
      {text && <p className={s.text}>{text}</p>}
      {action}
    </div>
  );
}
