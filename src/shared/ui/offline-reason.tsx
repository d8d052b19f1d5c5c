// The reason a button that sends something (an order, a cancel, a deposit, a withdrawal) is disabled while the
// app is offline. The button names it with aria-describedby={id}, so a screen reader says why too.
import styles from './offline-reason.module.css';

export function OfflineReason({ id, text, testId }: { id: string; text: string; testId?: string }) {
  return (
    <p id={id} className={styles.reason} role="status" data-testid={testId ?? 'offline-reason'}>
      {text}
    </p>
  );
}
