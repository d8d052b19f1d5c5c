// The left drawer's open/close phases. In shared so a feature page (home's menu button) can open the drawer
// that app/ renders. Timers live here, not in effects: opening shows the panel after ~50 ms, closing keeps it
// mounted ~300 ms while it slides out (spec §2/§9).
import { appStore, atom } from '../state/jotai.ts';

export type DrawerPhase = 'closed' | 'opening' | 'open' | 'closing';
export const drawerPhaseAtom = atom<DrawerPhase>('closed');

export const DRAWER_OPEN_DELAY_MS = 50;
export const DRAWER_CLOSE_MS = 300;

let timer: ReturnType<typeof setTimeout> | undefined;

export function openDrawer(): void {
  const phase = appStore.get(drawerPhaseAtom);
  if (phase === 'open' || phase === 'opening') return;
  clearTimeout(timer);
  appStore.set(drawerPhaseAtom, 'opening');
  timer = setTimeout(() => appStore.set(drawerPhaseAtom, 'open'), DRAWER_OPEN_DELAY_MS);
}

export function closeDrawer(): void {
  const phase = appStore.get(drawerPhaseAtom);
  if (phase === 'closed' || phase === 'closing') return;
  clearTimeout(timer);
  appStore.set(drawerPhaseAtom, 'closing');
  timer = setTimeout(() => appStore.set(drawerPhaseAtom, 'closed'), DRAWER_CLOSE_MS);
}
