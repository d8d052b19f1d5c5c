// The bottom tab bar: the 5 tabs (route-info.ts TAB_ROUTES says which and why), each with a label and an icon.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconHome, IconMarkets, IconPositions, IconRobot, IconUser } from '../../shared/ui/icons-first.tsx';
import { TAB_ROUTES, type TabId } from '../route-info.ts';
import s from './tab-bar.module.css';

const TAB_ICON: Record<TabId, ComponentType<{ size?: number }>> = {
  home: IconHome,
  markets: IconMarkets,
  ai: IconRobot,
  position: IconPositions,
  mine: IconUser,
};

export function TabBar({ active }: { active: TabId }) {
  const { t } = useTranslation();
  return (
    <nav className={s.tabbar} aria-label={t('nav:tabbar')} data-testid="tabbar">
      {TAB_ROUTES.map(({ id, route }) => {
        const Icon = TAB_ICON[id];
        const isActive = id === active;
        return (
          <Link
            key={id}
            to={routeTo(route)}
            className={s.item}
            aria-current={isActive ? 'page' : undefined}
            data-testid={`tab-${id}`}
            replace
          >
            <span className={s.icon}>
              <Icon size={22} />
            </span>
            <span>{t(`nav:tab.${id}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
