// /pages/wallet/walletList: the same screen as bankList, opened on the mobile wallets tab.
import { BindingsScreen } from './bindings-screen.tsx';

export default function WalletListPage() {
  return <BindingsScreen fallback="wallet" titleKey="nav:title.wallet.walletList" />;
}
