// A blocking spinner for requests the user waits on. Counted, so overlapping requests keep it up until the
// last one ends (the API client calls showLoader/hideLoader around each request that asks for it).
import { useTranslation } from 'react-i18next';
import { appStore, atom, useAtomValue } from '../state/jotai.ts';
import s from './loader.module.css';

export const loaderCountAtom = atom(0);

export function showLoader(): void {
  appStore.set(loaderCountAtom, (n) => n + 1);
}
export function hideLoader(): void {
  appStore.set(loaderCountAtom, (n) => Math.max(0, n - 1));
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <span className={s.spinner} role="progressbar" aria-label={label ?? t('common:loading')} />;
}

export function LoaderHost() {
  const { t } = useTranslation();
  const count = useAtomValue(loaderCountAtom);
  if (count <= 0) return null;
  return (
    <div className={s.host}>
      <div className={s.box}>
        <Spinner label={t('common:loading')} />
      </div>
    </div>
  );
}
