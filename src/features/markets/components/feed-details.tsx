// The feed badge's details (issue 14 §5): where prices come from now (the socket, polling, or the portfolio
// saved on this device) and how old the last tick is, counting up once a second while the sheet is open.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/dates.ts';
import { BottomSheet } from '../../../shared/ui/bottom-sheet.tsx';
import { Num } from '../../../shared/ui/num.tsx';
import { useNow } from '../../../shared/ui/use-now.ts';
import type { FeedInfo } from '../live.ts';
import styles from './feed-badge.module.css';

/** A tick's age in the largest whole unit: seconds under a minute, then minutes, hours, days. */
export function ageOf(ms: number): { n: number; unit: 's' | 'min' | 'h' | 'd' } {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return { n: s, unit: 's' };
  if (s < 3600) return { n: Math.floor(s / 60), unit: 'min' };
  if (s < 86_400) return { n: Math.floor(s / 3600), unit: 'h' };
  return { n: Math.floor(s / 86_400), unit: 'd' };
}

/** Mount only while open: its clock starts with it. */
export function FeedDetails({ onClose, info }: { onClose: () => void; info: FeedInfo }) {
  const { t } = useTranslation();
  const now = useNow();
  const source = info.source ?? 'none';
  const age = info.lastUpdate === null ? null : ageOf(now - info.lastUpdate);
  return (
    <BottomSheet open title={t('markets:feed.details')} onClose={onClose}>
      {info.status !== 'connecting' && <p className={styles.hint}>{t(`markets:feed.${info.status}Hint`)}</p>}
      <dl className={styles.facts} data-testid="feed-details">
        <dt>{t('markets:feed.state')}</dt>
        <dd data-testid="feed-details-state">{t(`markets:feed.${info.status}`)}</dd>
        <dt>{t('markets:feed.source')}</dt>
        <dd data-testid="feed-details-source" data-source={source}>
          {t(`markets:feed.sources.${source}`)}
        </dd>
        <dt>{t('markets:feed.lastTick')}</dt>
        <dd data-testid="feed-details-age">
          {age === null ? (
            t('markets:feed.noTick')
          ) : (
            <>
              <Num>{age.n}</Num> {t(`markets:feed.ago.${age.unit}`)} ·{' '}
              <Num>{formatDate(info.lastUpdate, 'HH:mm:ss')}</Num>
            </>
          )}
        </dd>
      </dl>
    </BottomSheet>
  );
}
