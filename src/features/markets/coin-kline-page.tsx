// /pages/coin/coinKline?symbol=BTCUSDT — a crypto pair's k-line page.
import { KlinePage } from './kline/kline-page.tsx';

export default function CoinKlinePage() {
  return <KlinePage kind="coin" />;
}
