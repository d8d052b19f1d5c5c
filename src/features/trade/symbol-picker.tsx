// The stock picker of the trade screen: a bottom sheet that searches PSX stocks by symbol or name as the user
// types (debounced) and hands back the chosen symbol.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { pickerSearchQuery } from './queries.ts';
import s from './symbol-picker.module.css';

export const PICKER_DEBOUNCE_MS = 250;

interface SymbolPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (symbol: string) => void;
}

export function SymbolPicker({ open, onClose, onPick }: SymbolPickerProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), PICKER_DEBOUNCE_MS);
  const results = useQuery({ ...pickerSearchQuery(q), enabled: open && q !== '' });
  const shown = text.trim() ? (results.data ?? null) : null;
  return (
    <BottomSheet open={open} title={t('trade:picker.title')} onClose={onClose}>
      <input
        className={s.input}
        type="search"
        autoFocus
        autoComplete="off"
        value={text}
        placeholder={t('trade:picker.placeholder')}
        aria-label={t('trade:picker.placeholder')}
        data-testid="picker-input"
        onChange={(e) => setText(e.target.value)}
      />
      <div className={s.list} data-testid="picker-results">
        {shown?.length === 0 && <p className={`muted small ${s.empty}`}>{t('trade:picker.none')}</p>}
        {shown?.map((q) => (
          <button
            key={q.symbol}
            type="button"
            className={s.row}
            data-symbol={q.symbol}
            onClick={() => {
              onPick(q.symbol);
              setText('');
            }}
          >
            <Num className={s.sym}>{q.symbol}</Num>
            <span className={s.name}>{i18n.language === 'ur-PK' ? q.nameUr || q.nameEn : q.nameEn}</span>
          </button>
        ))}
      </div>
    </BottomSheet>
  );
}
