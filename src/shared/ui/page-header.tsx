// The top app bar: back arrow (mirrors in RTL) or a custom start action, a centred title, optional end action.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBack } from './icons-first.tsx';
import { useGoBack } from './use-go-back.ts';
import { cx } from './cx.ts';
import s from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  /** Replaces the back arrow (e.g. the drawer button on home); `null` shows nothing. */
  start?: ReactNode;
  end?: ReactNode;
  transparent?: boolean;
  /** Room for two actions on each side (Home: the bell beside the language), the title still centred. */
  wide?: boolean;
}

export function PageHeader({ title, start, end, transparent, wide }: PageHeaderProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className={cx(s.header, transparent && s.clear, wide && s.wide)}>
      <div className={s.side}>
        {start === undefined ? (
          <button type="button" className="icon-btn" aria-label={t('common:back')} onClick={goBack}>
            <IconBack />
          </button>
        ) : (
          start
        )}
      </div>
      <h1 className={s.title}>{title}</h1>
      <div className={cx(s.side, s.end)}>{end}</div>
    </header>
  );
}
