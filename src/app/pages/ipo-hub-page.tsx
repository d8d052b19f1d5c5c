// /pages/tabbar/ipo (and its alias /pages/stockIPO/ipoList): the IPO hub (src/features/ipo) with the
// placement area's Placements tab (src/features/placement), composed here because features do not import
// each other.
import { useTranslation } from 'react-i18next';
import IpoHubPage from '../../features/ipo/ipo-hub-page.tsx';
import { PlacementsPanel } from '../../features/placement/placements-panel.tsx';

export default function IpoHubWithPlacements() {
  const { t } = useTranslation();
  return (
    <IpoHubPage
      extra={{ value: 'placements', label: t('placement:tab'), panel: () => <PlacementsPanel /> }}
    />
  );
}
