// The wire types of deposits (contract/deposits.ts) and public settings (contract/settings.ts), type-only, under
// the names the app imports: no schema library reaches the app bundle.
export type {
  Coin,
  Deposit,
  DepositAddress,
  DepositStatus,
  ReceivingAccount,
  RechargeAddBody,
  RechargeChannel,
} from '../../contract/deposits.ts';
export type { LimitTemplate, PropsResult, PublicSettings } from '../../contract/settings.ts';
