// A bottom sheet for pickers and short choices: slides up over a backdrop, keeps focus inside while open
// (Escape or a tap outside closes it) and gives focus back to what opened it.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import s from './bottom-sheet.module.css';
import { IconClose } from './icons.tsx';
import { ModalFrame } from './modal-frame.tsx';

interface BottomSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

export function BottomSheet({ open, title, onClose, children, testId }: BottomSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      role="dialog"
      labelledBy={titleId}
      placement="bottom"
      className={s.sheet}
      testId={testId}
    >
      <div className={s.grip} aria-hidden="true" />
      <div className={s.head}>
        <h2 id={titleId} className={s.title}>
          {title}
        </h2>
        <button type="button" className="icon-btn" aria-label={t('common:close')} onClick={onClose}>
          <IconClose />
        </button>
      </div>
      <div className={s.body}>{children}</div>
    </ModalFrame>
  );
}
