// Start-up wiring, in order: session atoms follow storage, i18n in the stored language, the router, and the
// request layer's UI handlers (toast, loader, session expiry → login).
import { setApiHandlers } from '../shared/api/api-handlers.ts';
import { i18next, initI18n } from '../shared/i18n/i18n.ts';
import { LOGIN_ROUTE, routeTo } from '../shared/routing/paths.ts';
import { bindSessionToStorage, syncSessionFromStorage } from '../shared/state/session-atoms.ts';
import { storage } from '../shared/storage/storage.ts';
import { hideLoader, showLoader } from '../shared/ui/loader.tsx';
import { showToast } from '../shared/ui/toast.tsx';
import { createAppRouter, type AppRouter } from './router.tsx';

export async function startApp(): Promise<AppRouter> {
  bindSessionToStorage();
  await initI18n(storage.get('lang'));
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
  return router;
}
