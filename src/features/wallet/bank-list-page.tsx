// /pages/wallet/bankList: the user's payout bindings, bank accounts first unless ?type says otherwise.
import { BindingsScreen } from './bindings-screen.tsx';

export default function BankListPage() {
  return <BindingsScreen fallback="bank" titleKey="nav:title.wallet.bankList" />;
}
