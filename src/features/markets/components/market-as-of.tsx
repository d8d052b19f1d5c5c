// "As of HH:MM" above a group of market figures (a list, the index cards) while they are not live: offline,
// or the last tickers this device saved, shown after an offline start until a source delivers.
import { marketAsOf } from '../../../market/connectivity.ts';
import { AsOfNote } from '../../../shared/ui/as-of-note.tsx';
import { useFeedStatus } from '../live.ts';
import styles from './market-as-of.module.css';

export function MarketAsOf({
  testId = 'market-as-of',
  inline = false,
}: {
  testId?: string;
  inline?: boolean;
}) {
  const asOf = marketAsOf(useFeedStatus());
  if (asOf === null) return null;
  const note = <AsOfNote asOf={asOf} testId={testId} />;
  return inline ? note : <div className={styles.row}>{note}</div>;
}
