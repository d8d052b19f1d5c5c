// The column header of a market list: name, volume and change toggle the sort (asc/desc) when tapped.
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/ui/cx.ts';
import type { SortKey, SortState } from '../sort.ts';
import s from './sort-header.module.css';

function SortButton({
  k,
  sort,
  onSort,
  className,
}: {
  k: SortKey;
  sort: SortState;
  onSort: (k: SortKey) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const active = sort.key === k;
  return (
    <button
      type="button"
      className={cx(s.btn, className)}
      aria-pressed={active}
      data-dir={active ? sort.dir : undefined}
      aria-label={`${t(`markets:sort.${k}`)}${active ? ` (${t(`markets:sort.${sort.dir}`)})` : ''}`}
      data-testid={`sort-${k}`}
      onClick={() => onSort(k)}
    >
      {t(`markets:sort.${k}`)}
      <span className={s.arrows} aria-hidden="true">
        <i />
        <i />
      </span>
    </button>
  );
}

export function SortHeader({ sort, onSort }: { sort: SortState; onSort: (k: SortKey) => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.header} role="group" aria-label={t('markets:sort.label')}>
      <SortButton k="name" sort={sort} onSort={onSort} className={s.name} />
      <span className={s.mid}>
        <span>{t('markets:sort.price')}</span>
        <span aria-hidden="true">/</span>
        <SortButton k="volume" sort={sort} onSort={onSort} />
      </span>
      <SortButton k="change" sort={sort} onSort={onSort} className={s.chg} />
    </div>
  );
}
