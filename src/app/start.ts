// Start-up wiring, in order: the browser's install offer (it fires early), session atoms follow storage (and
// the market worker's account feed follows them), i18n
// in the stored language (with the manifest of that language), the router, the request layer's UI handlers
// (toast, loader, session expiry → login; the query cache forgets private data on sign-out), and the service
// worker and the page table (router.tsx) once the page has loaded.
import { followSession } from '../market/account.ts';
import { setApiHandlers } from '../shared/api/api-handlers.ts';
import { i18next, initI18n, isLang } from '../shared/i18n/i18n.ts';
import { captureInstallPrompt } from '../shared/pwa/install-prompt.ts';
import { linkManifestFor } from '../shared/pwa/manifest-link.ts';
import { registerServiceWorker } from '../shared/pwa/sw-update.ts';
import { forgetPrivateDataOnSignOut } from '../shared/query/forget-private-data.ts';
import { queryClient } from '../shared/query/query-client.ts';
import { LOGIN_ROUTE, routeTo } from '../shared/routing/paths.ts';
import { bindSessionToStorage, syncSessionFromStorage } from '../shared/state/session-atoms.ts';
import { storage } from '../shared/storage/storage.ts';
import { writeLangCookie } from '../shared/i18n/lang-cookie.ts';
import { hideLoader, showLoader } from '../shared/ui/loader.tsx';
import { showToast } from '../shared/ui/toast.tsx';
import { createAppRouter, loadPageTable, type AppRouter } from './router.tsx';

export async function startApp(): Promise<AppRouter> {
  captureInstallPrompt();
  bindSessionToStorage();
  // The worker's account feed follows the signed-in account (login, real/demo switch, sign-out) from here on.
  followSession();
  forgetPrivateDataOnSignOut(queryClient);
  // The first screens' texts now; the rest with the first other screen (lazy-page.ts) or the update banner.
  await initI18n(storage.get('lang'), { firstScreenOnly: true });
  const followLang = (lng: string) => {
    if (!isLang(lng)) return;
    linkManifestFor(lng, i18next.t('common:appName'));
    writeLangCookie(lng);
  };
  followLang(i18next.language);
  i18next.on('languageChanged', followLang);
  const router = createAppRouter();
  setApiHandlers({
    toast: (msg, opts) => showToast(msg, opts),
    showLoader,
    hideLoader,
    onSessionInvalid: () => {
      // The API layer already cleared storage; re-read so no screen keeps the old user for a frame.
      syncSessionFromStorage();
      showToast(i18next.t('common:sessionExpired'));
      void router.navigate(routeTo(LOGIN_ROUTE), { replace: true });
    },
  });
  registerServiceWorker();
  // The other screens' page table, once the first screen is up, so the next screen does not wait for it.
  const prefetch = () => void loadPageTable().catch(() => undefined);
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
  return router;
}
