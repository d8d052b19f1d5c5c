// A modal confirmation dialog (sign-out and the like): focus goes to the safe choice, Escape cancels.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { open, onCancel } = props;

  useEffect(() => {
    if (!open) return;
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onCancel]);

  if (!open) return null;
  return (
    <div className="modal-backdrop" onClick={onCancel}>
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId} className="dialog__title">
          {props.title}
        </h2>
        {props.message && <p className="dialog__msg">{props.message}</p>}
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel}>
            {props.cancelLabel ?? t('common:cancel')}
          </button>
          <button
            type="button"
            className={`btn ${props.danger ? 'btn--danger' : 'btn--primary'}`}
            disabled={props.busy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel ?? t('common:confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
