// /pages/stockIPO/list and /pages/stockIPO/ipoRecord: the IPO applications (src/features/ipo) with the
// placement applications as a second area (?tab=placements, src/features/placement), composed here because
// features do not import each other.
import { useTranslation } from 'react-i18next';
import IpoRecordsPage from '../../features/ipo/ipo-records-page.tsx';
import { PlacementRecords } from '../../features/placement/placement-records.tsx';

export default function IpoRecordsWithPlacements() {
  const { t } = useTranslation();
  return (
    <IpoRecordsPage
      extra={{
        value: 'placements',
        label: t('placement:recordsTab'),
        ipoLabel: t('placement:ipoTab'),
        panel: () => <PlacementRecords />,
      }}
    />
  );
}
