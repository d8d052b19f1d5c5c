// Toasts: one at a time, callable from anywhere (API handlers, pages) through `showToast`.
// Default 2000 ms (spec §8); the API's -1001 answer uses 1000 ms with no icon.
import { appStore, atom, useAtomValue } from '../state/jotai.ts';
import { IconCheck, IconInfo } from './icons-first.tsx';
import s from './toast.module.css';

export type ToastIcon = 'none' | 'success' | 'error';
export interface ToastOptions {
  durationMs?: number;
  icon?: ToastIcon;
}
interface ToastState {
  id: number;
  msg: string;
  icon: ToastIcon;
}

export const TOAST_DEFAULT_MS = 2000;
export const toastAtom = atom<ToastState | null>(null);

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(msg: string, opts: ToastOptions = {}): void {
  if (!msg) return;
  seq += 1;
  const id = seq;
  appStore.set(toastAtom, { id, msg, icon: opts.icon ?? 'none' });
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (appStore.get(toastAtom)?.id === id) appStore.set(toastAtom, null);
  }, opts.durationMs ?? TOAST_DEFAULT_MS);
}

export function ToastHost() {
  const toast = useAtomValue(toastAtom);
  return (
    <div className={s.host} role="status" aria-live="polite">
      {toast && (
        <div className={s.toast} key={toast.id} data-testid="toast">
          {toast.icon === 'success' && <IconCheck className={s.ok} />}
          {toast.icon === 'error' && <IconInfo className={s.err} />}
          <span>{toast.msg}</span>
        </div>
      )}
    </div>
  );
}
