// /pages/wallet/addressList: the same screen as bankList, opened on the crypto addresses tab.
import { BindingsScreen } from './bindings-screen.tsx';

export default function AddressListPage() {
  return <BindingsScreen fallback="crypto" titleKey="nav:title.wallet.addressList" />;
}
