// The time left until a state changes (an IPO closing, a token sale listing, a vote's deadline): one clock hook,
// one text format and one line component for every screen that counts down, and the delay after which a list
// of such states should be read again so a countdown that reaches zero shows what follows without a reload.
import { ltr } from '../format/bidi.ts';
import { useTranslation } from 'react-i18next';
import s from './countdown.module.css';
import { useNow } from './use-now.ts';

/** ms as "2d 03:04:05" (days only when there are some; `daysWord` says them in the reader's language). */
export function countdownText(ms: number, daysWord: (n: number) => string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const two = (n: number) => String(n).padStart(2, '0');
  const hms = `${two(Math.floor((total % 86_400) / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return d > 0 ? `${daysWord(d)} ${hms}` : hms;
}

/** ms until a list should be read again: just after the nearest coming change, between 1 s and a minute away. */
export function refetchDelay(changes: readonly (number | null)[], now: number): number | false {
  const next = changes.filter((x): x is number => x !== null && x > now - 60_000);
  if (next.length === 0) return false;
  const soonest = Math.min(...next) - now + 500;
  return Math.min(Math.max(soonest, 1_000), 60_000);
}

/**
 * "Closes in 1d 02:03:04": `label` turns the time left (isolated left-to-right, so an Urdu sentence keeps the
 * digits in order) into the sentence. Ticks every second; nothing is announced to screen readers each tick.
 */
export function Countdown({
  at,
  label,
  testId,
  now: given,
}: {
  at: number;
  label: (time: string) => string;
  testId: string;
  /** a clock the caller already keeps (a list of countdowns shares one) */
  now?: number;
}) {
  const { t } = useTranslation();
  const own = useNow(given === undefined ? 1000 : null);
  const now = given ?? own;
  const text = countdownText(at - now, (n) => t('common:daysShort', { n }));
  return (
    <p className={s.countdown} data-testid={testId} aria-live="off">
      {label(ltr(text))}
    </p>
  );
}
