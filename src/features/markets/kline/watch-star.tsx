// The watchlist star of a stock or coin. Guests are told to log in first and taken to login (and back).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROUTE, routeTo } from '../../../shared/routing/paths.ts';
import { useAtomValue } from '../../../shared/state/jotai.ts';
import { isLoggedInAtom } from '../../../shared/state/session-atoms.ts';
import { showToast } from '../../../shared/ui/toast.tsx';
import { IconStar } from '../../../shared/ui/icons.tsx';
import { isWatched, loadWatchlist, toggleWatch, useWatchlist } from '../watchlist.ts';

export function WatchStar({ kind, symbol }: { kind: 'stock' | 'coin'; symbol: string }) {
  const { t } = useTranslation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const w = useWatchlist();
  const navigate = useNavigate();
  const loc = useLocation();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loggedIn && !w.loaded) void loadWatchlist();
  }, [loggedIn, w.loaded]);
  const on = loggedIn && isWatched(w, kind, symbol);
  return (
    <button
      type="button"
      className={`icon-btn watch-star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t('markets:star.remove') : t('markets:star.add')}
      data-testid="watch-star"
      disabled={busy}
      onClick={() => {
        if (!loggedIn) {
          showToast(t('markets:star.loginFirst'));
          void navigate(routeTo(LOGIN_ROUTE, { redirect: loc.pathname + loc.search }));
          return;
        }
        setBusy(true);
        void toggleWatch(kind, symbol).then((res) => {
          setBusy(false);
          if (res !== undefined)
            showToast(res ? t('markets:star.added') : t('markets:star.removed'), { icon: 'success' });
        });
      }}
    >
      <IconStar filled={on} />
    </button>
  );
}
