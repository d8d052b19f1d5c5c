// The bell on a stock's or a coin's page: opens the alert sheet (alert-sheet.tsx). Guests are told to log in
// first and taken to login (and back), like the watchlist star.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROUTE, routeTo } from '../../../shared/routing/paths.ts';
import { useAtomValue } from '../../../shared/state/jotai.ts';
import { isLoggedInAtom } from '../../../shared/state/session-atoms.ts';
import { showToast } from '../../../shared/ui/toast.tsx';
import { AlertSheet } from './alert-sheet.tsx';

export function IconBell() {
  return (
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
  );
}

export function AlertBell({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const navigate = useNavigate();
  const loc = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('alerts:bell')}
        data-testid="alert-bell"
        onClick={() => {
          if (!loggedIn) {
            showToast(t('markets:star.loginFirst'));
            void navigate(routeTo(LOGIN_ROUTE, { redirect: loc.pathname + loc.search }));
            return;
          }
          setOpen(true);
        }}
      >
        <IconBell />
      </button>
      {loggedIn && <AlertSheet symbol={symbol} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
