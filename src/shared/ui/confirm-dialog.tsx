// A modal confirmation (sign-out, cancelling an order and the like): focus starts on the safe choice (cancel),
// Escape or a tap outside cancels, Tab stays inside, and focus returns to what opened it.
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import s from './confirm-dialog.module.css';
import { ModalFrame } from './modal-frame.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button in the danger colour (sign out, cancel an order). */
  danger?: boolean;
  /** While the confirmed action runs: confirm is disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame
      open={props.open}
      onClose={props.onCancel}
      role="alertdialog"
      labelledBy={titleId}
      initialFocus={cancelRef}
      placement="center"
      className={s.dialog}
    >
      <h2 id={titleId} className={s.title}>
        {props.title}
      </h2>
      {props.message && <p className={s.msg}>{props.message}</p>}
      <div className={s.actions}>
        <button
          ref={cancelRef}
          type="button"
          className={`btn btn--ghost ${s.cancel}`}
          onClick={props.onCancel}
        >
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
    </ModalFrame>
  );
}
