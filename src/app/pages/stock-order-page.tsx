// /pages/stock/order: the stock order ticket (src/features/trade), or with ?mode=option the options screen
// (src/features/option: the broker's own cash-settled options; decided in s27, the spec names no options
// route), in its own chunk so the order ticket does not carry it. Composed here because two features meet on
// one route.
import { useSearchParams } from 'react-router';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import TradePage from '../../features/trade/trade-page.tsx';

const OptionPage = lazyPart(() => import('../../features/option/option-page.tsx').then((m) => m.default));

export default function StockOrderPage() {
  const [params] = useSearchParams();
  return params.get('mode') === 'option' ? <OptionPage /> : <TradePage />;
}
