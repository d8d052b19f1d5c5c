// The frame every modal surface shares (ConfirmDialog, BottomSheet): a backdrop that closes it when tapped, and
// a panel that keeps the keyboard inside while open — focus moves in (to the given element, to an autofocused
// field, or to the panel itself so its name is read), Tab and Shift+Tab cycle through its controls, Escape
// closes the topmost modal only — and that gives focus back to what opened it when it closes (modal-keys.ts,
// which the drawer uses too).
import { useRef, type ReactNode, type RefObject } from 'react';
import { cx } from './cx.ts';
import { useModalKeys } from './modal-keys.ts';
import s from './modal-frame.module.css';

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
  useModalKeys(panel, { active: true, onClose, initialFocus });
  const close = () => onClose();

  return (
    <div className={cx(s.backdrop, placement === 'bottom' && s.bottom)} onClick={close}>
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
