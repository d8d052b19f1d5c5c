// /pages/stock/stockKline?symbol=OGDC — a PSX stock's (or index's) detail and k-line page.
import { KlinePage } from './kline/kline-page.tsx';

export default function StockKlinePage() {
  return <KlinePage kind="stock" />;
}
