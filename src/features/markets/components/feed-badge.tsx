// The small live/polling/offline badge shown wherever prices are, with the last update time when not live.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/dates.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { useFeedStatus } from '../live.ts';

export function FeedBadge() {
  const { t } = useTranslation();
  const { status, lastUpdate } = useFeedStatus();
  const showTime = status !== 'live' && lastUpdate !== null;
  return (
    <span
      className={`feed-badge feed-badge--${status}`}
      data-testid="feed-badge"
      data-status={status}
      title={status === 'connecting' ? undefined : t(`markets:feed.${status}Hint`)}
    >
      <span className="feed-badge__dot" aria-hidden="true" />
      <span>{t(`markets:feed.${status}`)}</span>
      {showTime && (
        <span className="feed-badge__time">
          <Num>{formatDate(lastUpdate, 'HH:mm:ss')}</Num>
        </span>
      )}
    </span>
  );
}
