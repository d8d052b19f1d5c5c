// The frame every modal surface shares (ConfirmDialog, BottomSheet): a backdrop that closes it when tapped, and
// a panel that keeps the keyboard inside while open — focus moves in (to the given element, to an autofocused
// field, or to the panel itself so its name is read), Tab and Shift+Tab cycle through its controls, Escape
// closes the topmost modal only — and that gives focus back to what opened it when it closes.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cx } from './cx.ts';
import s from './modal-frame.module.css';

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

interface ModalFrameProps {
  open: boolean;
  onClose: () => void;
  role: 'dialog' | 'alertdialog';
  labelledBy: string;
  /** Where focus goes on opening (default: a field that took autofocus, else the panel). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'center': a dialog card; 'bottom': a sheet along the bottom edge. */
  placement: 'center' | 'bottom';
  className: string;
  testId?: string | undefined;
  children: ReactNode;
}

export function ModalFrame(props: ModalFrameProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal(props: ModalFrameProps) {
  const { onClose, role, labelledBy, initialFocus, placement, className, testId, children } = props;
  const panel = useRef<HTMLDivElement>(null);
  // Read while rendering, before any autofocused field inside takes focus: what to give focus back to.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
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
      const active = document.activeElement;
      e.preventDefault();
      if (!first || !last) return el.focus();
      const inside = active instanceof HTMLElement && el.contains(active) && active !== el;
      const at = inside ? items.indexOf(active) : -1;
      if (e.shiftKey) (at <= 0 ? last : items[at - 1]!).focus();
      else (at < 0 || at === items.length - 1 ? first : items[at + 1]!).focus();
    };
    // Capture on the window: before listeners of the page under it (the drawer closes on Escape too).
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      stack.splice(stack.indexOf(el), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus, opener]);

  return (
    <div className={cx(s.backdrop, placement === 'bottom' && s.bottom)} onClick={() => close.current()}>
      <div
        ref={panel}
        className={className}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}
