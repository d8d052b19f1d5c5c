// Payout bindings (issue 15, item 3): where a user's withdrawals may go. Bank accounts by IBAN and JazzCash /
// Easypaisa mobile wallets (bank/add, bank/del, bank/list, bank/info, and the form of each channel,
// index/bank/tmpl), and the user's own crypto withdrawal addresses (coin/withdraw/address[/generate|/del]).
//
// Decisions the calls document:
// - Bindings belong to the user, not to one account: the real and the demo token see and manage the same ones
//   (they describe the person, whose verified KYC name every title must match; the demo account never
//   withdraws, so nothing is ever paid to them from it).
// - A title must equal the verified KYC name, compared case-insensitively after trimming and collapsing spaces.
// - Caps: 5 live bank accounts, 5 live wallets, 10 live addresses per chain. With so few rows the lists are
//   answered whole (no paging).
// - Deleting is soft (deleted_at): a withdrawal copies its destination, so money in flight never depends on it.
// - "coin/withdraw/address/generate" keeps the spec's wire name, but nothing is generated: it saves an address
//   the user owns (checked per chain: format, then checksum). coin/withdraw/address/del is an addition.
import { Type, type Static } from 'typebox';
import { CHAINS } from './crypto-address.ts';
import { envelope, EpochMs } from './envelope.ts';
import { IdStatus } from './user.ts';
import { fields, idString, oneOf, opt, PK_MOBILE_PATTERN, pkIbanField, text } from './form-fields.ts';

export const BINDING_KINDS = ['bank', 'wallet'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];
export const WALLET_PROVIDERS = ['jazzcash', 'easypaisa'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];
export const WALLET_NAMES: Readonly<Record<WalletProvider, string>> = {
  jazzcash: 'JazzCash',
  easypaisa: 'Easypaisa',
};
export const BINDING_CAPS = { bank: 5, wallet: 5, addressPerChain: 10 } as const;
export const TITLE_MAX = 60;
export const ADDRESS_LABEL_MAX = 30;

/** A client-generated id (e.g. a UUID) made when the form opens: a retried submit with it has one effect. */
export const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID); a retry with the same id answers the same record.',
});
const titleField = text(1, TITLE_MAX, {
  description: 'Account title: must match the verified KYC name (case and spacing aside).',
});
const chainField = oneOf(CHAINS, 1, 5);

// ---- GET index/bank/tmpl (public): the binding form of each channel and the bank list ----
export const TemplateField = Type.Object({
  name: Type.String({ description: 'Wire name of the field in the add call.' }),
  input: Type.Enum(['iban', 'text', 'pkMobile', 'choice', 'cryptoAddress'], {
    type: 'string',
    description: 'What kind of input the field takes.',
  }),
  maxLength: Type.Integer({ minimum: 1 }),
  options: Type.Array(Type.String(), { description: 'The allowed values of a choice; empty otherwise.' }),
});
export const BindingTemplate = Type.Object({
  channels: Type.Array(
    Type.Object({
      channel: Type.Enum(['bank', 'wallet', 'crypto'], { type: 'string' }),
      call: Type.String({ description: 'The call that saves it.' }),
      cap: Type.Integer({ minimum: 1, description: 'Live bindings allowed (per chain for crypto).' }),
      fields: Type.Array(TemplateField),
    }),
  ),
  banks: Type.Array(Type.Object({ code: Type.String(), name: Type.String() }), {
    description: 'Bank codes of Pakistani IBANs (characters 5 to 8) and their banks.',
  }),
  wallets: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  holder: Type.Optional(
    Type.Object(
      {
        idStatus: IdStatus,
        verifiedName: Type.Union([Type.String(), Type.Null()], {
          description: 'The verified KYC name every title must match; null until KYC is verified.',
        }),
      },
      { description: 'With a valid token only: the caller’s KYC state and the name titles must match.' },
    ),
  ),
});
export type BindingTemplate = Static<typeof BindingTemplate>;
export const BindingTemplateReply = envelope(BindingTemplate);

// ---- POST bank/add ----
/** The wire body: `iban` for kind bank (spaces allowed), `provider` + `number` for kind wallet. */
export const BankAddBody = fields({
  kind: oneOf(BINDING_KINDS, 1, 6),
  iban: opt(text(1, 40, { description: 'kind bank: the IBAN, spaces allowed (stored without).' })),
  provider: opt(oneOf(WALLET_PROVIDERS, 1, 9)),
  number: opt(text(1, 20, { description: 'kind wallet: 03XX-XXXXXXX (stored 03XXXXXXXXX).' })),
  title: titleField,
  clientId: clientIdField,
});
export type BankAddBody = Static<typeof BankAddBody>;
/** The app's add-bank form (posted with kind bank): the IBAN field holds the compact form. */
export const AddBankForm = fields({ iban: pkIbanField, title: titleField, clientId: clientIdField });
export type AddBankForm = Static<typeof AddBankForm>;
/** The app's add-wallet form (posted with kind wallet). */
export const AddWalletForm = fields({
  provider: oneOf(WALLET_PROVIDERS, 1, 9),
  number: text(1, 20, { pattern: PK_MOBILE_PATTERN }),
  title: titleField,
  clientId: clientIdField,
});
export type AddWalletForm = Static<typeof AddWalletForm>;

export const Binding = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  kind: Type.Enum(BINDING_KINDS, { type: 'string' }),
  provider: Type.String({ description: 'Bank code (e.g. HABB) or jazzcash / easypaisa.' }),
  providerName: Type.String({ description: "The bank's or wallet's name." }),
  number: Type.String({ description: 'Compact IBAN or 03XXXXXXXXX.' }),
  display: Type.String({ description: 'The number as shown: IBAN in groups of four, or 03XX-XXXXXXX.' }),
  title: Type.String(),
  createdAt: EpochMs(),
});
export type Binding = Static<typeof Binding>;
export const BindingReply = envelope(Binding, 'The binding');

// ---- POST bank/del, GET bank/info ----
export const BindingIdBody = fields({ id: idString });
export type BindingIdBody = Static<typeof BindingIdBody>;

// ---- GET bank/list ----
export const BankListQuery = fields({
  type: opt(oneOf(['bank', 'wallet', 'all'], 1, 6, { default: 'all' })),
});
export type BankListQuery = Static<typeof BankListQuery>;
export const BindingList = Type.Array(Binding);
export const BindingListReply = envelope(BindingList, 'Live bindings, newest first');

// ---- POST coin/withdraw/address, coin/withdraw/address/generate, coin/withdraw/address/del ----
export const AddressListBody = fields({ chain: opt(chainField) });
export type AddressListBody = Static<typeof AddressListBody>;
export const AddressAddBody = fields({
  chain: chainField,
  address: text(1, 64, {
    description: 'TRC20: base58check T…; ERC20/BEP20: 0x + 40 hex (EIP-55 if mixed case).',
  }),
  label: opt(text(0, ADDRESS_LABEL_MAX)),
  clientId: clientIdField,
});
export type AddressAddBody = Static<typeof AddressAddBody>;
export const WithdrawAddress = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  chain: Type.Enum(CHAINS, { type: 'string' }),
  address: Type.String({ description: 'As stored: ERC20/BEP20 written EIP-55 checksummed.' }),
  label: Type.String(),
  createdAt: EpochMs(),
});
export type WithdrawAddress = Static<typeof WithdrawAddress>;
export const WithdrawAddressReply = envelope(WithdrawAddress, 'The address');
export const WithdrawAddressListReply = envelope(Type.Array(WithdrawAddress), 'Live addresses, newest first');
