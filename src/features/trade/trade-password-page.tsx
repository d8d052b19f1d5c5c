// Transaction password (/pages/user/tradePassword): set it (6 digits, twice) when the profile has none, else
// change it (current + new twice). Exactly 6 digits (spec §5). The page is the shared 6-digit password page
// (src/shared/ui/pin-password-page.tsx, also the withdrawal password's); this feature gives it its calls.
import { PinPasswordPage } from '../../shared/ui/pin-password-page.tsx';
import { changeTradePasswordCall, setTradePasswordCall } from './queries.ts';

export default function TradePasswordPage() {
  return (
    <PinPasswordPage
      kind="trade"
      set={({ password, password2 }) => setTradePasswordCall(password, password2)}
      change={({ oldPassword, password, password2 }) =>
        changeTradePasswordCall(oldPassword, password, password2)
      }
    />
  );
}
