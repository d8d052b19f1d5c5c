// The small live/polling/offline badge shown wherever prices are, with the last update time when not live. A
// tap opens its details: the feed's source and the age of the last tick (feed-details.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/dates.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { useFeedStatus } from '../live.ts';
import styles from './feed-badge.module.css';
import { FeedDetails } from './feed-details.tsx';

export function FeedBadge() {
  const { t } = useTranslation();
  const info = useFeedStatus();
  const [open, setOpen] = useState(false);
  const { status, lastUpdate } = info;
  const showTime = status !== 'live' && lastUpdate !== null;
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="feed-badge-button"
        onClick={() => setOpen(true)}
      >
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
      </button>
      {open && <FeedDetails onClose={() => setOpen(false)} info={info} />}
    </>
  );
}
