// The answer of index/bank/tmpl: what each binding channel's form asks for, and the bank and wallet lists,
// built once from the contract's tables so the form, the server's rules and this answer cannot disagree.
import {
  ADDRESS_LABEL_MAX,
  BINDING_CAPS,
  TITLE_MAX,
  WALLET_NAMES,
  WALLET_PROVIDERS,
  type BindingTemplate,
} from '../../../contract/bank.ts';
import { CHAINS } from '../../../contract/crypto-address.ts';
import { PK_BANK_CODES } from '../../../contract/iban.ts';

export function bindingTemplate(): BindingTemplate {
  const title = { name: 'title', input: 'text' as const, maxLength: TITLE_MAX, options: [] };
  return {
    channels: [
      {
        channel: 'bank',
        call: 'bank/add',
        cap: BINDING_CAPS.bank,
        fields: [{ name: 'iban', input: 'iban', maxLength: 40, options: [] }, title],
      },
      {
        channel: 'wallet',
        call: 'bank/add',
        cap: BINDING_CAPS.wallet,
        fields: [
          { name: 'provider', input: 'choice', maxLength: 9, options: [...WALLET_PROVIDERS] },
          { name: 'number', input: 'pkMobile', maxLength: 20, options: [] },
          title,
        ],
      },
      {
        channel: 'crypto',
        call: 'coin/withdraw/address/generate',
        cap: BINDING_CAPS.addressPerChain,
        fields: [
          { name: 'chain', input: 'choice', maxLength: 5, options: [...CHAINS] },
          { name: 'address', input: 'cryptoAddress', maxLength: 64, options: [] },
          { name: 'label', input: 'text', maxLength: ADDRESS_LABEL_MAX, options: [] },
        ],
      },
    ],
    banks: Object.entries(PK_BANK_CODES).map(([code, name]) => ({ code, name })),
    wallets: WALLET_PROVIDERS.map((code) => ({ code, name: WALLET_NAMES[code] })),
  };
}
