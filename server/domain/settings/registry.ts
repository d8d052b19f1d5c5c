// Every platform setting an operator may change: its key, its TypeBox type (checked on write and on read)
// and its default (what applies while no row exists). The values are what the client needs as well as what
// the server enforces: common/prop and common/props answer them, the operator console edits them.
// An area adds its keys here; a key is `area.name`.
//
// Money values are decimal strings of PKR (2 places) or of the coin named (USDT: 2 places shown), never
// numbers. Hours are Pakistan time (hours.ts).
import { Type, type Static, type TSchema } from 'typebox';
import {
  ChannelsSetting,
  ConfirmationsSetting,
  FeeRateSetting,
  HoursSetting,
  PkrSetting,
  ScriptUrlSetting,
  UsdtSetting,
} from '../../../contract/settings.ts';
import { VipPlansSetting, VipTrialDaysSetting } from '../../../contract/vip.ts';

const Hours = HoursSetting;
const Pkr = PkrSetting;
const Usdt = UsdtSetting;
const Confirmations = ConfirmationsSetting;

export interface SettingDef<S extends TSchema> {
  schema: S;
  default: Static<S>;
  /** shown to the client by common/props (false: server and console only, e.g. a secret) */
  public: boolean;
  /** what it means, for the console and the API docs */
  doc: string;
}

function def<S extends TSchema>(schema: S, value: Static<S>, doc: string, isPublic = true): SettingDef<S> {
  return { schema, default: value, public: isPublic, doc };
}

/**
 * Defaults (a decision where the spec says "not shown", written down here): deposits are accepted at any time
 * (the money is credited when an operator matches it); withdrawals are paid in banking hours, Monday to
 * Friday 09:00–17:00 PKT; PKR 500 minimum deposit, PKR 1,000 minimum withdrawal, PKR 5,000,000 a
 * transaction and PKR 10,000,000 a day; withdrawal fee 0.1 % with a PKR 50 minimum.
 */
export const SETTINGS = {
  'deposit.hours': def(
    Hours,
    { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' },
    'When deposits may be requested (PKT)',
  ),
  'deposit.min': def(Pkr, '500.00', 'Smallest deposit, PKR'),
  'deposit.max': def(Pkr, '10000000.00', 'Largest single deposit, PKR'),
  // --- deposits (issue 15): channels offered, crypto minimum and confirmations per chain ---
  'deposit.channels': def(
    ChannelsSetting,
    ['bank', 'wallet', 'offline', 'crypto'],
    'Deposit channels offered (bank, wallet, offline, crypto)',
  ),
  'deposit.crypto.min': def(Usdt, '10.00', 'Smallest crypto deposit credited, USDT'),
  'deposit.crypto.confirmations.TRC20': def(
    Confirmations,
    20,
    'Confirmations before a TRC20 deposit is credited',
  ),
  'deposit.crypto.confirmations.ERC20': def(
    Confirmations,
    12,
    'Confirmations before an ERC20 deposit is credited',
  ),
  'deposit.crypto.confirmations.BEP20': def(
    Confirmations,
    15,
    'Confirmations before a BEP20 deposit is credited',
  ),
  // --- end deposits ---
  'withdraw.hours': def(
    Hours,
    { days: [1, 2, 3, 4, 5], open: '09:00', close: '17:00' },
    'When withdrawals may be requested (PKT)',
  ),
  'withdraw.min': def(Pkr, '1000.00', 'Smallest withdrawal, PKR'),
  'withdraw.max': def(Pkr, '5000000.00', 'Largest single withdrawal, PKR'),
  'withdraw.dailyMax': def(Pkr, '10000000.00', 'Most withdrawn in one PKT day, PKR'),
  'withdraw.feeRate': def(
    FeeRateSetting,
    '0.001',
    'Withdrawal fee as a fraction of the amount (0.001 = 0.1 %)',
  ),
  'withdraw.feeMin': def(Pkr, '50.00', 'Smallest withdrawal fee, PKR'),
  // ---- withdraw (issue 15): crypto (USDT) withdrawals. Their own hours: chains and crypto markets run all
  // week, so by default a crypto withdrawal may be requested at any time (withdraw.hours are the banks' hours
  // and apply to PKR only). The network fee is per chain, on top of the amount, and is the only fee of a
  // crypto withdrawal.
  'crypto.withdrawHours': def(
    Hours,
    { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' },
    'When crypto (USDT) withdrawals may be requested (PKT)',
  ),
  'crypto.withdrawMin': def(Usdt, '10', 'Smallest crypto withdrawal, USDT'),
  'crypto.withdrawMax': def(Usdt, '100000', 'Largest single crypto withdrawal, USDT'),
  'crypto.withdrawDailyMax': def(Usdt, '200000', 'Most withdrawn in crypto in one PKT day, USDT'),
  'crypto.withdrawFee.TRC20': def(Usdt, '1', 'Network fee of a TRC20 withdrawal, USDT'),
  'crypto.withdrawFee.ERC20': def(Usdt, '5', 'Network fee of an ERC20 withdrawal, USDT'),
  'crypto.withdrawFee.BEP20': def(Usdt, '0.8', 'Network fee of a BEP20 withdrawal, USDT'),
  // ---- end withdraw
  // ---- exchange (issue 16): PKR↔USDT quotes of user/exchange. Server-side (the quote discloses the spread and
  // its expiry; a refusal names the limit). The spread is the only cost (fee 0).
  'exchange.quoteSeconds': def(
    Type.Integer({ minimum: 3, maximum: 120 }),
    10,
    'How long an exchange quote is honoured, seconds',
    false,
  ),
  'exchange.spreadBps': def(
    Type.Integer({ minimum: 0, maximum: 500 }),
    50,
    'Spread each side of the USDT/PKR index, basis points (50 = 0.5 %)',
    false,
  ),
  'exchange.minPkr': def(Pkr, '500.00', 'Smallest PKR → USDT exchange, PKR', false),
  'exchange.maxPkr': def(Pkr, '5000000.00', 'Largest single PKR → USDT exchange, PKR', false),
  'exchange.minUsdt': def(Usdt, '2', 'Smallest USDT → PKR exchange, USDT', false),
  'exchange.maxUsdt': def(Usdt, '20000', 'Largest single USDT → PKR exchange, USDT', false),
  // ---- end exchange
  // ---- spot (issue 16): fees in the asset received (contract/spot-rules.ts), smallest order value
  'spot.makerFeeRate': def(
    FeeRateSetting,
    '0.001',
    'Spot maker fee (resting order fills), fraction (0.001 = 0.1 %)',
  ),
  'spot.takerFeeRate': def(
    FeeRateSetting,
    '0.001',
    'Spot taker fee (fills at once), fraction (0.001 = 0.1 %)',
  ),
  'spot.minNotional': def(Usdt, '5', 'Smallest spot order value, USDT'),
  // ---- end spot
  // ---- service chat (issue 19): a third-party chat script for the serviceJs routes; empty: the built-in chat
  'service.scriptUrl': def(
    ScriptUrlSetting,
    '',
    'Address (https) of a third-party customer-service chat script; empty: the built-in chat',
  ),
  // ---- end service chat
  // ---- vip (issue 18): the free trial's length and the paid plans (contract/vip.ts); user/vip/get shows them
  'vip.trialDays': def(VipTrialDaysSetting, 7, 'Length of the free VIP trial, days (once per user)', false),
  'vip.plans': def(
    VipPlansSetting,
    [
      { id: 'm1', days: 30, price: '1500.00' },
      { id: 'm3', days: 90, price: '4000.00' },
      { id: 'y1', days: 365, price: '15000.00' },
    ],
    'VIP plans: id, days and PKR price, paid from the real account',
    false,
  ),
  // ---- end vip
  // ---- loans (issue 18; server/domain/loans/README.md): SECP 2024 caps as defaults. Server-side: user/loan
  // answers them with the user's own limits.
  'loan.min': def(Pkr, '1000.00', 'Smallest loan, PKR', false),
  'loan.maxPerLoan': def(Pkr, '50000.00', 'Largest loan (credit tier Excellent), PKR', false),
  'loan.maxQualified': def(Pkr, '20000.00', 'Largest loan for credit tier Qualified, PKR', false),
  'loan.maxOpen': def(Pkr, '100000.00', 'Most lent and not yet repaid to one user, PKR', false),
  'loan.dailyRate': def(
    FeeRateSetting,
    '0.0005',
    'Loan interest a day, fraction (0.0005 = 0.05 %); refused above 0.0075',
    false,
  ),
  'loan.feeRate': def(FeeRateSetting, '0.01', 'Loan processing fee, fraction of the amount', false),
  // ---- end loans
  // ---- alerts (issue 19): a repeating alert fires at most once per cooldown (shown in the alert form through
  // user/alert/list); a one-shot alert that fired is deleted by the leader after this many days (its message
  // stays in the message centre).
  'alerts.repeatCooldownMinutes': def(
    Type.Integer({ minimum: 0, maximum: 1440 }),
    5,
    'A repeating price alert fires at most once in this many minutes (0: no cooldown)',
    false,
  ),
  'alerts.keepFiredDays': def(
    Type.Integer({ minimum: 1, maximum: 3650 }),
    30,
    'Days a fired one-shot price alert stays in the user’s list before it is deleted',
    false,
  ),
  // ---- end alerts
  // ---- ipo auto-apply (issue 17 §3): whether the broker offers automatic IPO subscription; login-info's
  // openAutoApply is this value (1 shows the drawer row). Each account's own switch is user/update/autoapply.
  'ipo.autoApply': def(
    Type.Integer({ minimum: 0, maximum: 1 }),
    1,
    'Automatic IPO subscription offered to users (1) or not (0): the drawer row and the opening pass',
    false,
  ),
  // ---- end ipo auto-apply
  // ---- options (issue 17 §6; server/domain/option/README.md): the broker's own cash-settled options, priced
  // by Black–Scholes (domain/option/pricing.ts). Server-side: stock/option/rule answers them.
  'option.terms': def(
    Type.Array(Type.Integer({ minimum: 1, maximum: 365 }), { minItems: 1, maxItems: 8, uniqueItems: true }),
    [1, 3, 7, 30],
    'Option terms offered, days',
    false,
  ),
  'option.minPremium': def(Pkr, '100.00', 'Smallest premium of one option purchase, PKR', false),
  'option.maxPremium': def(Pkr, '100000.00', 'Largest premium of one option purchase, PKR', false),
  'option.riskFreeRate': def(
    FeeRateSetting,
    '0.11',
    'Risk-free rate of the pricing model, yearly fraction (0.11 = 11 %, near the SBP policy rate)',
    false,
  ),
  'option.spreadBps': def(
    Type.Integer({ minimum: 0, maximum: 5000 }),
    500,
    'Broker spread on the model price of an option, basis points (500 = 5 %)',
    false,
  ),
  'option.volDays': def(
    Type.Integer({ minimum: 5, maximum: 250 }),
    30,
    'Daily closes the realised volatility is measured over',
    false,
  ),
  'option.symbols': def(
    Type.Array(Type.String({ pattern: '^[A-Z0-9]{1,12}$' }), { maxItems: 200, uniqueItems: true }),
    [],
    'PSX symbols options are offered on; empty: every listed PSX stock',
    false,
  ),
  // ---- end options
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = Static<(typeof SETTINGS)[K]['schema']>;
export type Settings = { [K in SettingKey]: SettingValue<K> };

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}
