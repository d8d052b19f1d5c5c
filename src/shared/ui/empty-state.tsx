// A centred illustration + text block for empty and "coming soon" states, with an optional action. The
// illustration is optional: a list that simply has no rows yet needs only the sentence.
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ icon, title, text, action, testId }: EmptyStateProps) {
  return (
    <div className={`empty-state${icon ? '' : ' empty-state--plain'}`} data-testid={testId}>
      {icon && (
        <div className="empty-state__art" aria-hidden="true">
          {icon}
        </div>
      )}
      <h2 className="empty-state__title">{title}</h2>
      {text && <p className="empty-state__text">{text}</p>}
      {action}
    </div>
  );
}
