// Copies a value to the clipboard and confirms with a toast (the user id in the drawer and on user info).
import { useTranslation } from 'react-i18next';
import { IconCopy } from './icons.tsx';
import { showToast } from './toast.tsx';
import s from './copy-button.module.css';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={s.copy}
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        void copyText(value).then((ok) =>
          showToast(ok ? t('common:copied') : t('common:copyFailed'), { icon: ok ? 'success' : 'error' }),
        );
      }}
    >
      <IconCopy size={18} />
    </button>
  );
}
