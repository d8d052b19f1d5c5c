// The bottom tab bar: the 5 tabs of spec §2 in order, each with a label and an inline SVG icon.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconHome, IconPositions, IconRobot, IconUser, IconWallet } from '../../shared/ui/icons.tsx';
import { TAB_ROUTES, type TabId } from '../routes.ts';

const TAB_ICON: Record<TabId, ComponentType<{ size?: number }>> = {
  home: IconHome,
  position: IconPositions,
  robot: IconRobot,
  assets: IconWallet,
  mine: IconUser,
};

export function TabBar({ active }: { active: TabId }) {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('nav:tabbar')}>
      {TAB_ROUTES.map(({ id, route }) => {
        const Icon = TAB_ICON[id];
        const isActive = id === active;
        return (
          <Link
            key={id}
            to={routeTo(route)}
            className={`tabbar__item${isActive ? ' is-active' : ''}`}
            aria-current={isActive ? 'page' : undefined}
            data-testid={`tab-${id}`}
            replace
          >
            <span className="tabbar__icon">
              <Icon size={22} />
            </span>
            <span>{t(`nav:tab.${id}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
