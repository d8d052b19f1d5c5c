// Operator sign-in: username, password and the authenticator's 6-digit code; one refusal for any wrong part.
import { useState, type FormEvent } from 'react';
import { apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';
import type { ConsoleOperator } from './types.ts';

export function LoginForm({ onDone }: { onDone: (op: ConsoleOperator) => void }) {
  const t = useT();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    setBusy(true);
    setError('');
    try {
      onDone(
        await apiPost<ConsoleOperator>('login', {
          username: field('username'),
          password: field('password'),
          code: field('code'),
        }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className={s.main}>
      <form className={s.card} onSubmit={(e) => void submit(e)}>
        <h2 className={s.heading}>{t('login.title')}</h2>
        <label className={s.field}>
          {t('login.username')}
          <input name="username" autoComplete="username" required dir="ltr" className={s.input} />
        </label>
        <label className={s.field}>
          {t('login.password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            dir="ltr"
            className={s.input}
          />
        </label>
        <label className={s.field}>
          {t('login.code')}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            dir="ltr"
            className={s.input}
          />
        </label>
        {error && (
          <p role="alert" className={s.error}>
            {error}
          </p>
        )}
        <button type="submit" className={s.primary} disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
