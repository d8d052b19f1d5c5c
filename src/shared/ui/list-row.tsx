// A tappable settings-style row: leading icon, label, optional value, trailing chevron. Renders a link when
// given `to`, a button when given `onClick`, plain text otherwise.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevron } from './icons.tsx';

interface ListRowProps {
  icon?: ReactNode;
  label: ReactNode;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  chevron?: boolean;
  testId?: string;
}

export function ListRow({ icon, label, value, to, onClick, danger, chevron = true, testId }: ListRowProps) {
  const inner = (
    <>
      {icon && <span className="row__icon">{icon}</span>}
      <span className="row__label">{label}</span>
      {value !== undefined && <span className="row__value">{value}</span>}
      {chevron && (to || onClick) && <IconChevron className="row__chevron" size={18} />}
    </>
  );
  const cls = `row${danger ? ' row--danger' : ''}`;
  if (to)
    return (
      <Link className={cls} to={to} data-testid={testId}>
        {inner}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" className={cls} onClick={onClick} data-testid={testId}>
        {inner}
      </button>
    );
  return (
    <div className={cls} data-testid={testId}>
      {inner}
    </div>
  );
}

export function ListGroup({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="list-group">
      {title && <h2 className="list-group__title">{title}</h2>}
      <div className="list-group__rows">{children}</div>
    </section>
  );
}
