// The page after a submission (an order, a deposit, a withdrawal, an application): success, failure or
// pending (the server has it, the outcome comes later), a title, the facts of what was sent as label/value
// lines, and one or two next steps. Announced politely, so a pending result that turns final is read out.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx.ts';
import { IconCheck, IconClose, IconHourglass } from './icons.tsx';
import s from './result-page.module.css';

export type ResultStatus = 'success' | 'failure' | 'pending';

export type ResultAction = { label: string; testId?: string } & (
  { to: string; onClick?: never } | { onClick: () => void; to?: never }
);

interface ResultPageProps {
  status: ResultStatus;
  title: string;
  message?: string;
  /** What was submitted, one fact a line (numbers as <Num> so they stay left-to-right). */
  details?: readonly { label: string; value: ReactNode }[];
  primary?: ResultAction;
  secondary?: ResultAction;
  testId?: string;
}

const MARK = { success: IconCheck, failure: IconClose, pending: IconHourglass } as const;

function Action({ action, kind }: { action: ResultAction; kind: 'primary' | 'ghost' }) {
  const cls = `btn btn--${kind} btn--block`;
  if (action.to !== undefined)
    return (
      <Link className={cls} to={action.to} data-testid={action.testId}>
        {action.label}
      </Link>
    );
  return (
    <button type="button" className={cls} onClick={action.onClick} data-testid={action.testId}>
      {action.label}
    </button>
  );
}

export function ResultPage({ status, title, message, details, primary, secondary, testId }: ResultPageProps) {
  const Mark = MARK[status];
  return (
    <section className={s.result} aria-live="polite" data-testid={testId} data-status={status}>
      <span className={cx(s.mark, s[status])} aria-hidden="true">
        <Mark size={36} />
      </span>
      <h2 className={s.title}>{title}</h2>
      {message && <p className={s.message}>{message}</p>}
      {details && details.length > 0 && (
        <dl className={s.details}>
          {details.map((d) => (
            <div key={d.label} className={s.line}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {(primary || secondary) && (
        <div className={s.actions}>
          {primary && <Action action={primary} kind="primary" />}
          {secondary && <Action action={secondary} kind="ghost" />}
        </div>
      )}
    </section>
  );
}
