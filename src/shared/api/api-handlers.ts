// The request layer's side effects (toast, loader, going to login) as handlers the app registers at start-up:
// shared/ may not import app/ or features/, so the app hands its UI functions in instead.

export interface ToastOptions {
  durationMs: number;
  icon: 'none' | 'success' | 'error';
}

export interface ApiHandlers {
  toast(msg: string, opts: ToastOptions): void;
  showLoader(): void;
  hideLoader(): void;
  /** Code -1000: the session is already cleared when this runs; the app navigates to login. */
  onSessionInvalid(): void;
}

const noop = (): void => undefined;
const defaults: ApiHandlers = { toast: noop, showLoader: noop, hideLoader: noop, onSessionInvalid: noop };

let current: ApiHandlers = { ...defaults };

/** Registers (some of) the handlers; the ones not given keep their previous value. */
export function setApiHandlers(handlers: Partial<ApiHandlers>): void {
  current = { ...current, ...handlers };
}

/** Back to doing nothing (tests, and an app unmounting its shell). */
export function resetApiHandlers(): void {
  current = { ...defaults };
}

/**
 * Runs a handler without letting a UI failure change the request's outcome: a broken toast must not turn a
 * successful call into a rejection.
 */
export function callHandler<K extends keyof ApiHandlers>(name: K, ...args: Parameters<ApiHandlers[K]>): void {
  try {
    (current[name] as (...a: Parameters<ApiHandlers[K]>) => void)(...args);
  } catch (error) {
    console.error(`api handler ${name} failed`, error);
  }
}
