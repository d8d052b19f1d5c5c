// The app frame around every page: the page (Outlet), the tab bar on tab pages, the drawer, toasts, the
// loader, the new-release banner, a delayed navigation progress bar, the document title, and a guard for sessions that end while
// a private page is open (sign-out in another tab, -1000).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { LOGIN_ROUTE, routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { isLoggedInAtom } from '../../shared/state/session-atoms.ts';
import { closeDrawer, drawerPhaseAtom } from '../../shared/ui/drawer-state.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { LoaderHost } from '../../shared/ui/loader.tsx';
import { ToastHost } from '../../shared/ui/toast.tsx';
import { useCurrentRoute } from '../current-route.ts';
import { TabBar } from './tab-bar.tsx';
import { UpdateBanner } from './update-banner.tsx';
import s from './app-layout.module.css';

/** The drawer's panel, its dialogs and the real/demo switch come with its first opening, not with the app. */
const DrawerPart = lazyPart(() => import('./drawer.tsx').then((m) => m.Drawer));

function Drawer() {
  return useAtomValue(drawerPhaseAtom) === 'closed' ? null : <DrawerPart />;
}

/** Spec §9: page async loading shows its indicator only after 200 ms, so fast pages never flash it. */
const PROGRESS_DELAY_MS = 200;

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);
  return visible ? <div className={s.progress} role="progressbar" aria-busy="true" /> : null;
}

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const route = useCurrentRoute();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const page = route ? t(route.titleKey) : '';
    const app = t('common:appName');
    document.title = page && page !== app ? `${page} · ${app}` : app;
  }, [route, t, i18n.language]);

  // Any navigation closes the drawer.
  useEffect(() => closeDrawer(), [location.pathname]);

  // The session ended while a private page is open (signed out in another tab, or here). Plain login, no
  // "come back here" redirect: the user chose to leave, and an explicit sign-out navigates there too.
  useEffect(() => {
    if (route && !route.public && !loggedIn) void navigate(routeTo(LOGIN_ROUTE), { replace: true });
  }, [route, loggedIn, navigate]);

  return (
    <div className={`app-shell${route?.tab ? ' app-shell--tabs' : ''}`}>
      <NavigationProgress />
      {/* The one main landmark of every page (axe: landmark-one-main, region); the tab bar is its nav. */}
      <main className={s.main} id="main">
        <Outlet />
      </main>
      {route?.tab && <TabBar active={route.tab} />}
      <UpdateBanner />
      <Drawer />
      <ToastHost />
      <LoaderHost />
      <ScrollRestoration />
    </div>
  );
}
