// "As of HH:MM" above a group of market figures (a list, the index cards) while they are not live: offline,
// or the last tickers this device saved, shown after an offline start until a source delivers.
import { useMarketAsOf } from '../../../market/connectivity.ts';
import { AsOfNote } from '../../../shared/ui/as-of-note.tsx';
import styles from './market-as-of.module.css';

export function MarketAsOf({
  testId = 'market-as-of',
  inline = false,
}: {
  testId?: string;
  inline?: boolean;
}) {
  // Reads the status only (the badge beside it is what starts the feed).
  const asOf = useMarketAsOf();
  if (asOf === null) return null;
  const note = <AsOfNote asOf={asOf} testId={testId} />;
  return inline ? note : <div className={styles.row}>{note}</div>;
}
