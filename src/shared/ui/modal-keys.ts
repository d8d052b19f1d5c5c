// The keyboard of every modal surface (ModalFrame's dialogs and sheets, the app's drawer): while active, focus
// moves in (to the given element, to an autofocused field, or to the panel itself so its name is read), Tab
// and Shift+Tab cycle through the panel's controls, Escape closes the topmost modal only, and focus goes back
// to what opened it when it closes.
import { useEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals' panels, in the order they opened. */
const stack: HTMLElement[] = [];

/** The modal that answers the keyboard: the latest opened, or one opened inside it at the same time. */
function topmost(): HTMLElement | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const panel = stack[i]!;
    if (!stack.some((other) => other !== panel && panel.contains(other))) return panel;
  }
  return undefined;
}

export function focusableIn(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
}

export interface ModalKeysOptions {
  /** Whether the panel holds the keyboard now (a drawer sliding out no longer does). */
  active: boolean;
  onClose: () => void;
  /** Where focus goes on opening (default: a field that took autofocus, else the panel). */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
}

/** Call in the component that mounts with the panel: the element focused at that moment is the opener. */
export function useModalKeys(panel: RefObject<HTMLElement | null>, o: ModalKeysOptions): void {
  // Read while rendering, before any autofocused field inside takes focus: what to give focus back to.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = useRef(o.onClose);
  useEffect(() => {
    close.current = o.onClose;
  }, [o.onClose]);
  const { active, initialFocus } = o;

  useEffect(() => {
    const el = panel.current;
    if (!active || !el) return;
    stack.push(el);
    if (initialFocus?.current) initialFocus.current.focus();
    else if (!el.contains(document.activeElement)) el.focus();

    const onKey = (e: KeyboardEvent) => {
      if (topmost() !== el) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusableIn(el);
      const first = items[0];
      const last = items.at(-1);
      const activeEl = document.activeElement;
      e.preventDefault();
      if (!first || !last) return el.focus();
      const inside = activeEl instanceof HTMLElement && el.contains(activeEl) && activeEl !== el;
      const at = inside ? items.indexOf(activeEl) : -1;
      if (e.shiftKey) (at <= 0 ? last : items[at - 1]!).focus();
      else (at < 0 || at === items.length - 1 ? first : items[at + 1]!).focus();
    };
    // Capture on the window: before listeners of the page under it.
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      stack.splice(stack.indexOf(el), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [active, initialFocus, opener, panel]);
}
