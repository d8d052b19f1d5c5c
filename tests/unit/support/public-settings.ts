// The public settings (common/props values) the deposit and withdraw screens' tests answer with: withdrawals
// Monday to Friday 09:00-17:00 PKT, deposits at any time, PKR and USDT limits and fees as the screens show them.
import type { PublicSettings } from '../../../contract/settings.ts';

export const PUBLIC_SETTINGS: PublicSettings = {
  'deposit.hours': { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' },
  'deposit.min': '500.00',
  'deposit.max': '5000000.00',
  'deposit.channels': ['bank', 'wallet', 'offline', 'crypto'],
  'deposit.crypto.min': '10',
  'deposit.crypto.confirmations.TRC20': 20,
  'deposit.crypto.confirmations.ERC20': 12,
  'deposit.crypto.confirmations.BEP20': 15,
  'withdraw.hours': { days: [1, 2, 3, 4, 5], open: '09:00', close: '17:00' },
  'withdraw.min': '1000.00',
  'withdraw.max': '5000000.00',
  'withdraw.dailyMax': '10000000.00',
  'withdraw.feeRate': '0.001',
  'withdraw.feeMin': '50.00',
  'crypto.withdrawHours': { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' },
  'crypto.withdrawMin': '10',
  'crypto.withdrawMax': '100000',
  'crypto.withdrawDailyMax': '200000',
  'crypto.withdrawFee.TRC20': '1',
  'crypto.withdrawFee.ERC20': '5',
  'crypto.withdrawFee.BEP20': '0.8',
  'spot.makerFeeRate': '0.001',
  'spot.takerFeeRate': '0.001',
  'spot.minNotional': '5',
  'service.scriptUrl': '',
};
