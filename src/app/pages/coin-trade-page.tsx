// /pages/coin/index: the crypto trading screen, composed here because two features meet on it: the spot page
// (src/features/markets/spot) with its Spot | Contract switch, and the perpetual-contract panel
// (src/features/contract) on the Contract side (?mode=contract).
import { ContractPanel } from '../../features/contract/contract-panel.tsx';
import SpotPage from '../../features/markets/spot/spot-page.tsx';

const contract = ({ symbol, base }: { symbol: string; base: string }) => (
  <ContractPanel symbol={symbol} base={base} />
);

export default function CoinTradePage() {
  return <SpotPage contract={contract} />;
}
