// A tappable settings-style row: leading icon, label, optional value, trailing chevron. Renders a link when
// given `to`, a button when given `onClick`, plain text otherwise.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevron } from './icons.tsx';
import { cx } from './cx.ts';
import s from './list-row.module.css';

interface ListRowProps {
  icon?: ReactNode;
  label: ReactNode;
  value?: ReactNode;
  /** A link; `onClick` then runs too (the drawer closes itself). */
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  chevron?: boolean;
  /** Shorter rows (the drawer's menu). */
  compact?: boolean;
  testId?: string;
  /** Identifies the row among its siblings (data-row). */
  rowId?: string;
}

export function ListRow(props: ListRowProps) {
  const { icon, label, value, to, onClick, danger, chevron = true, compact, testId, rowId } = props;
  const inner = (
    <>
      {icon && <span className={s.icon}>{icon}</span>}
      <span className={s.label}>{label}</span>
      {value !== undefined && <span className={s.value}>{value}</span>}
      {chevron && (to || onClick) && <IconChevron className={s.chevron} size={18} />}
    </>
  );
  const cls = cx(s.row, danger && s.danger, compact && s.compact);
  if (to)
    return (
      <Link className={cls} to={to} onClick={onClick} data-testid={testId} data-row={rowId}>
        {inner}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" className={cls} onClick={onClick} data-testid={testId} data-row={rowId}>
        {inner}
      </button>
    );
  return (
    <div className={cls} data-testid={testId} data-row={rowId}>
      {inner}
    </div>
  );
}

export function ListGroup({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className={s.group}>
      {title && <h2 className={s.groupTitle}>{title}</h2>}
      <div className={s.rows}>{children}</div>
    </section>
  );
}

/** A group of rows that is the page's navigation (the drawer's menu): a labelled nav, no title. */
export function NavGroup({
  children,
  label,
  testId,
}: {
  children: ReactNode;
  label: string;
  testId?: string;
}) {
  return (
    <nav className={s.rows} aria-label={label} data-testid={testId}>
      {children}
    </nav>
  );
}
