// Platform settings (admin; finance for the money keys): each key with its meaning and current value (JSON),
// edited one at a time; the server checks the type and audits the change.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';
import type { SettingItem } from './types.ts';

export function SettingsPage() {
  const t = useT();
  const [items, setItems] = useState<SettingItem[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<Record<string, string>>({});
  const reload = useCallback(() => {
    apiGet<SettingItem[]>('settings').then(setItems, (e: unknown) =>
      setError(e instanceof Error ? e.message : 'error'),
    );
  }, []);
  useEffect(reload, [reload]);
  const save = async (key: string, e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('value') ?? '');
    try {
      await apiPost('settings', { key, value });
      setNotice((n) => ({ ...n, [key]: t('queue.done') }));
      reload();
    } catch (err) {
      setNotice((n) => ({ ...n, [key]: err instanceof Error ? err.message : t('common.error') }));
    }
  };
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className={s.heading}>
        {t('nav.settings')}
      </h2>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {!items && !error && <p className={s.note}>{t('common.loading')}</p>}
      {items?.map((item) => (
        <form key={item.key} className={s.card} onSubmit={(e) => void save(item.key, e)}>
          <h3 className={s.heading}>
            <bdi dir="ltr">{item.key}</bdi>
          </h3>
          <p className={s.note} dir="ltr">
            {item.doc}
          </p>
          <label className={s.field}>
            {t('settings.value')}
            <input
              name="value"
              defaultValue={item.value}
              dir="ltr"
              required
              maxLength={2000}
              className={s.input}
            />
          </label>
          {notice[item.key] && (
            <p role="status" className={s.note}>
              {notice[item.key]}
            </p>
          )}
          <button type="submit" className={s.secondary}>
            {t('settings.save')}
          </button>
        </form>
      ))}
    </section>
  );
}
