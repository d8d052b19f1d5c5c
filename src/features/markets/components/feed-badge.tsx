// The small live/polling/offline badge shown wherever prices are, with the last update time when not live. A
// tap opens its details: the feed's source and the age of the last tick (feed-details.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/dates.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { lazyPart } from '../../../shared/ui/lazy-part.tsx';
import { useFeedStatus } from '../live.ts';
import s from './feed-badge.module.css';

/** The details sheet comes with the first tap, not with the first screens. */
const FeedDetails = lazyPart(() => import('./feed-details.tsx').then((m) => m.FeedDetails));

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
        className={s.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="feed-badge-button"
        onPointerDown={FeedDetails.preload}
        onClick={() => setOpen(true)}
      >
        <span
          className={cx(s.badge, status !== 'connecting' && s[status])}
          data-testid="feed-badge"
          data-status={status}
          title={status === 'connecting' ? undefined : t(`markets:feed.${status}Hint`)}
        >
          <span className={s.dot} aria-hidden="true" />
          <span>{t(`markets:feed.${status}`)}</span>
          {showTime && (
            <span className={s.time}>
              <Num>{formatDate(lastUpdate, 'HH:mm:ss')}</Num>
            </span>
          )}
        </span>
      </button>
      {open && <FeedDetails onClose={() => setOpen(false)} info={info} />}
    </>
  );
}
