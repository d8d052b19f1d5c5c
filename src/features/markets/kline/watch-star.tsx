// The watchlist star of a stock or coin. Guests are told to log in first and taken to login (and back).
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROUTE, routeTo } from '../../../shared/routing/paths.ts';
import { useAtomValue } from '../../../shared/state/jotai.ts';
import { isLoggedInAtom } from '../../../shared/state/session-atoms.ts';
import { showToast } from '../../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../../shared/ui/toast-call-failure.ts';
import { IconStar } from '../../../shared/ui/icons.tsx';
import { isWatched, useToggleWatch, useWatchlist } from '../watchlist.ts';
import s from './watch-star.module.css';

export function WatchStar({ kind, symbol }: { kind: 'stock' | 'coin'; symbol: string }) {
  const { t } = useTranslation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const w = useWatchlist().data;
  const toggle = useToggleWatch();
  const navigate = useNavigate();
  const loc = useLocation();
  const on = loggedIn && isWatched(w, kind, symbol);
  return (
    <button
      type="button"
      className={`icon-btn ${s.star}`}
      aria-pressed={on}
      aria-label={on ? t('markets:star.remove') : t('markets:star.add')}
      data-testid="watch-star"
      disabled={toggle.isPending}
      onClick={() => {
        if (!loggedIn) {
          showToast(t('markets:star.loginFirst'));
          void navigate(routeTo(LOGIN_ROUTE, { redirect: loc.pathname + loc.search }));
          return;
        }
        toggle.mutate(
          { kind, symbol, on: !on },
          {
            onSuccess: (now) =>
              showToast(now ? t('markets:star.added') : t('markets:star.removed'), { icon: 'success' }),
            onError: toastCallFailure,
          },
        );
      }}
    >
      <IconStar filled={on} />
    </button>
  );
}
