// What Home shows of the message centre (composed by app/pages/home-page.tsx): the bell with the unread count,
// the banner carousel (index/ads; each banner leads to its route of the app) and the system notice shown once
// as a pop-up (its id kept in `systemNotice`). Texts are in the home namespace: Home is a first screen.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Banner } from '../../../contract/notice.ts';
import { getData } from '../../shared/api/data-client.ts';
import { useUnreadNotices } from '../../shared/query/notice-unread.ts';
import { PUBLIC } from '../../shared/query/query-keys.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import s from './home-notice.module.css';
import { platformNoticesQuery, rememberSystemNotice, systemNoticeShown } from './queries.ts';

export function NoticeBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotices();
  const label = unread > 0 ? t('home:notice.bellUnread', { count: unread }) : t('home:notice.bell');
  return (
    <Link
      className={`icon-btn ${s.bell}`}
      to={routeTo('notice.list', unread > 0 ? { tab: 'messages' } : undefined)}
      aria-label={label}
      data-testid="home-bell"
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span className={s.count} data-testid="home-bell-count" dir="ltr">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

export function HomeBanners() {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: [PUBLIC, 'ads', i18n.language],
    queryFn: ({ signal }) => getData<Banner[]>('index/ads', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  const [at, setAt] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const banners = q.data ?? [];
  if (banners.length === 0) return null;
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setAt(Math.round(Math.abs(el.scrollLeft) / el.clientWidth));
  };
  return (
    <section className={s.carousel} aria-roledescription="carousel" aria-label={t('home:notice.banners')}>
      <div className={s.track} ref={track} onScroll={onScroll} data-testid="home-banners">
        {banners.map((b, i) => (
          <Link
            key={b.id}
            className={s.slide}
            to={b.target}
            aria-label={b.alt}
            aria-roledescription="slide"
            data-testid="home-banner"
            aria-current={i === at ? 'true' : undefined}
          >
            <img src={b.image} alt={b.alt} className={s.image} />
          </Link>
        ))}
      </div>
      {banners.length > 1 && (
        <div className={s.dots} aria-hidden="true">
          {banners.map((b, i) => (
            <span key={b.id} className={i === at ? `${s.dot} ${s.dotOn}` : s.dot} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The pop-up itself (the modal frame) comes only when there is a notice to show. */
const SystemNoticeDialog = lazyPart(() =>
  import('./system-notice-dialog.tsx').then((m) => m.SystemNoticeDialog),
);

export function SystemNoticePopup() {
  const { i18n } = useTranslation();
  const q = useInfiniteQuery(platformNoticesQuery(i18n.language));
  const notice = q.data?.pages[0]?.systemNotice ?? null;
  const [closed, setClosed] = useState<number | null>(null);
  const open = notice !== null && closed !== notice.id && !systemNoticeShown(notice.id);
  const close = () => {
    if (!notice) return;
    rememberSystemNotice(notice.id);
    setClosed(notice.id);
  };
  // Mounted from its first opening on, so it can play its closing.
  if (!notice || (!open && closed === null)) return null;
  return <SystemNoticeDialog open={open} onClose={close} title={notice.title} body={notice.body} />;
}
