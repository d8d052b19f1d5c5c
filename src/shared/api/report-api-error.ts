// The one place a failed query or mutation has its side effects (spec §7): -1001 toasts its msg for 1 s with
// no icon; -1000 clears the stored session and sends the user to login — once per session, however many
// calls of that session fail together. Network errors are left to the screen (error with retry).
import { storage } from '../storage/storage.ts';
import { BusinessError, SessionError } from './api-errors.ts';
import { callHandler } from './api-handlers.ts';
import { BUSINESS_TOAST_MS } from './client.ts';

export function reportApiError(error: unknown): void {
  if (error instanceof BusinessError) {
    if (error.msg) callHandler('toast', error.msg, { durationMs: BUSINESS_TOAST_MS, icon: 'none' });
    return;
  }
  if (error instanceof SessionError) {
    // A second failure of the same dead session finds the token already gone: nothing more to do. A guest
    // call (no token) still goes to login, as the request layer has always done.
    const current = storage.get('userToken');
    if (error.token !== current) return;
    if (current) storage.clearSession();
    callHandler('onSessionInvalid');
  }
}
