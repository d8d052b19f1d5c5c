// Keeps the browser's install offer (`beforeinstallprompt`, Chrome and Edge on Android and desktop) for the
// download pages' "Install" button. The event fires once, early, on whatever page the user opened, so it is
// caught at start-up. We keep it instead of letting Chrome show its own banner on the first visit: installing
// is offered where it is explained, and Chrome's menu ("Install app" / "Add to Home screen") still works.
import { useSyncExternalStore } from 'react';

/** Chrome's event; not in TypeScript's DOM library because only Chromium browsers fire it. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'installed' | 'can-prompt' | 'manual';

let offer: BeforeInstallPromptEvent | null = null;
let installedNow = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opened from the home screen (Android, desktop), or from an iPhone's home screen (Safari's own flag). */
function runsInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installedNow = true;
    emit();
  });
}

function state(): InstallState {
  if (installedNow || runsInstalled()) return 'installed';
  return offer ? 'can-prompt' : 'manual';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    state,
    () => 'manual',
  );
}

/** Shows the browser's install dialog; the offer can be used once, so it is dropped either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  emit();
  await current.prompt();
  const { outcome } = await current.userChoice;
  return outcome;
}
