// The platform settings the client reads (GET common/props, GET common/prop): their value types, shared by the
// server's registry (server/domain/settings/registry.ts, which adds defaults and the private keys) and the app.
// A public key added to the registry is added to PublicSettings too (tests/server/deposits-settings.test.ts
// compares the two lists).
import { Type, type Static } from 'typebox';
import { envelope } from './envelope.ts';
import { fields, text } from './form-fields.ts';

export const HoursSetting = Type.Object(
  {
    days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      maxItems: 7,
      description: 'weekdays open, 0 = Sunday … 6 = Saturday',
    }),
    open: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, Pakistan time' }),
    close: Type.String({
      pattern: '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$',
      description: 'HH:MM, Pakistan time; 24:00 = end of day',
    }),
  },
  { additionalProperties: false },
);
export type HoursSetting = Static<typeof HoursSetting>;
/** PKR, up to 2 decimals. */
export const PkrSetting = Type.String({ pattern: '^(0|[1-9]\\d{0,14})(\\.\\d{1,2})?$' });
/** USDT, up to 6 decimals. */
export const UsdtSetting = Type.String({ pattern: '^(0|[1-9]\\d{0,11})(\\.\\d{1,6})?$' });
export const ConfirmationsSetting = Type.Integer({ minimum: 1, maximum: 1000 });
export const FeeRateSetting = Type.String({ pattern: '^0(\\.\\d{1,6})?$' });
export const DEPOSIT_CHANNELS = ['bank', 'wallet', 'offline', 'crypto'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];
export const ChannelsSetting = Type.Array(
  Type.Union([Type.Literal('bank'), Type.Literal('wallet'), Type.Literal('offline'), Type.Literal('crypto')]),
  { maxItems: 4, uniqueItems: true },
);

// ---- service chat (issue 19): the third-party chat script (login-info `serviceSaleSmartly`); empty: none
/** An https address of a script, or empty. */
export const ScriptUrlSetting = Type.String({
  maxLength: 500,
  pattern: '^(https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^\\s"\'<>]*)?)?$',
});
// ---- end service chat

/** Every public setting by key. */
export const PublicSettings = Type.Object({
  'deposit.hours': HoursSetting,
  'deposit.min': PkrSetting,
  'deposit.max': PkrSetting,
  'deposit.channels': ChannelsSetting,
  'deposit.crypto.min': UsdtSetting,
  'deposit.crypto.confirmations.TRC20': ConfirmationsSetting,
  'deposit.crypto.confirmations.ERC20': ConfirmationsSetting,
  'deposit.crypto.confirmations.BEP20': ConfirmationsSetting,
  'withdraw.hours': HoursSetting,
  'withdraw.min': PkrSetting,
  'withdraw.max': PkrSetting,
  'withdraw.dailyMax': PkrSetting,
  'withdraw.feeRate': FeeRateSetting,
  'withdraw.feeMin': PkrSetting,
  'crypto.withdrawHours': HoursSetting,
  'crypto.withdrawMin': UsdtSetting,
  'crypto.withdrawMax': UsdtSetting,
  'crypto.withdrawDailyMax': UsdtSetting,
  'crypto.withdrawFee.TRC20': UsdtSetting,
  'crypto.withdrawFee.ERC20': UsdtSetting,
  'crypto.withdrawFee.BEP20': UsdtSetting,
  // ---- spot (issue 16)
  'spot.makerFeeRate': FeeRateSetting,
  'spot.takerFeeRate': FeeRateSetting,
  'spot.minNotional': UsdtSetting,
  // ---- end spot
  // service chat (issue 19)
  'service.scriptUrl': ScriptUrlSetting,
});
export type PublicSettings = Static<typeof PublicSettings>;
export type PublicSettingKey = keyof PublicSettings;

/** A limit as the spec's `{0}` template (in the request's language) and the value that fills it. */
export const LimitTemplate = Type.Object({
  key: Type.String({ description: 'the setting, e.g. deposit.min' }),
  template: Type.String({ description: 'localised text with {0} where the value goes' }),
  value: Type.String({ description: 'the value, a decimal string' }),
});
export type LimitTemplate = Static<typeof LimitTemplate>;

export const PropsQuery = fields({});
export const PropsResult = Type.Object({
  values: PublicSettings,
  templates: Type.Array(LimitTemplate),
});
export type PropsResult = Static<typeof PropsResult>;
export const PropsReply = envelope(PropsResult);

export const PropQuery = fields({ key: text(1, 64, { description: 'a public setting key' }) });
export type PropQuery = Static<typeof PropQuery>;
export const PropValue = Type.Union([HoursSetting, Type.String(), Type.Integer(), ChannelsSetting]);
export const PropResult = Type.Object({
  key: Type.String(),
  value: PropValue,
  template: Type.Optional(Type.String({ description: 'for a minimum or maximum: the {0} template' })),
});
export type PropResult = Static<typeof PropResult>;
export const PropReply = envelope(PropResult);
