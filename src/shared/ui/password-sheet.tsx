// (Shared since the robot allocation confirms with it too.)
// The 6-digit transaction password sheet (spec §5): masked boxes and an on-screen numeric keypad (a hardware
// keyboard works too). The sixth digit submits; a refused password clears the boxes for another try.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from './bottom-sheet.tsx';
import s from './password-sheet.module.css';

export const PIN_LENGTH = 6;

interface PasswordSheetProps {
  open: boolean;
  onClose: () => void;
  /** Resolves when the submit is over; the boxes clear so a wrong password can be typed again. */
  onComplete: (pin: string) => Promise<void>;
  /** What is being confirmed (side, symbol, quantity, net amount). */
  summary?: ReactNode;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'del'] as const;

export function PasswordSheet({ open, onClose, onComplete, summary }: PasswordSheetProps) {
  const { t } = useTranslation();
  const [pin, setPinState] = useState('');
  const [busy, setBusy] = useState(false);
  // The refs are the truth between renders: digits typed faster than React renders must all count, and a
  // submit must start once.
  const pinRef = useRef('');
  const busyRef = useRef(false);
  const setPin = useCallback((v: string) => {
    pinRef.current = v;
    setPinState(v);
  }, []);

  const press = useCallback(
    (key: string) => {
      if (busyRef.current) return;
      const cur = pinRef.current;
      if (key === 'del') {
        setPin(cur.slice(0, -1));
        return;
      }
      if (!/^\d$/.test(key) || cur.length >= PIN_LENGTH) return;
      const next = cur + key;
      setPin(next);
      if (next.length === PIN_LENGTH) {
        busyRef.current = true;
        setBusy(true);
        void onComplete(next).finally(() => {
          busyRef.current = false;
          setBusy(false);
          setPin('');
        });
      }
    },
    [onComplete, setPin],
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') press('del');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, press]);

  return (
    <BottomSheet open={open} title={t('trade:pin.title')} onClose={onClose}>
      {summary}
      <div
        className={s.boxes}
        role="img"
        aria-label={t('trade:pin.entered', { count: pin.length, total: PIN_LENGTH })}
        data-testid="pin-boxes"
        dir="ltr"
      >
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span key={i} className={s.box} data-filled={i < pin.length || undefined} />
        ))}
      </div>
      <p className={`muted small ${s.hint}`}>{t('trade:pin.hint')}</p>
      <div className={s.keypad} dir="ltr" data-testid="keypad">
        {KEYS.map((k) =>
          k === '' ? (
            <span key="gap" />
          ) : (
            <button
              key={k}
              type="button"
              className={s.key}
              disabled={busy}
              aria-label={k === 'del' ? t('trade:pin.delete') : k}
              data-key={k}
              onClick={() => press(k)}
            >
              {k === 'del' ? '⌫' : k}
            </button>
          ),
        )}
      </div>
    </BottomSheet>
  );
}
