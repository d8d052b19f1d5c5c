// The system notice's pop-up on Home (home-notice-parts.tsx decides when): its own chunk, as most starts have
// no notice to show.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../shared/ui/modal-frame.tsx';
import s from './home-notice.module.css';

export function SystemNoticeDialog({
  open,
  onClose,
  title,
  body,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  body: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      role="dialog"
      labelledBy={titleId}
      placement="center"
      className={s.popup}
      testId="system-notice"
    >
      <h2 id={titleId} className={s.popupTitle}>
        {title}
      </h2>
      <p className={s.popupBody}>{body}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={onClose}
        data-testid="system-notice-ok"
      >
        {t('home:notice.gotIt')}
      </button>
    </ModalFrame>
  );
}
