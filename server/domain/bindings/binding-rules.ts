// Pure rules of payout bindings: reading a typed IBAN, wallet number or crypto address into the form stored,
// and comparing an account title with the verified KYC name. Each answers the stored value or the message key
// of the first problem (locales/*/errors.json, group `bank`), so the routes only map them to refusals.
import { type Chain, addressProblem, eip55 } from '../../../contract/crypto-address.ts';
import { compactIban, groupIban, pkIbanBank, pkIbanProblem } from '../../../contract/iban.ts';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; key: string; params?: Record<string, string> };

/** A typed IBAN (spaces allowed, any case) as the compact IBAN and its bank code, or the problem. */
export function readIban(typed: string): Checked<{ iban: string; bankCode: string }> {
  const iban = compactIban(typed);
  const problem = pkIbanProblem(iban);
  if (problem === 'bank') return { ok: false, key: 'bank.ibanBank', params: { code: iban.slice(4, 8) } };
  if (problem === 'length') return { ok: false, key: 'bank.ibanLength' };
  if (problem === 'format') return { ok: false, key: 'bank.ibanFormat' };
  if (problem === 'checksum') return { ok: false, key: 'bank.ibanChecksum' };
  return { ok: true, value: { iban, bankCode: iban.slice(4, 8) } };
}

/** A typed mobile wallet number (03XX-XXXXXXX, +92…) as 03XXXXXXXXX, or the problem. */
export function readWalletNumber(typed: string): Checked<string> {
  const national = normalizePkMobile(typed);
  return national ? { ok: true, value: `0${national}` } : { ok: false, key: 'bank.walletNumber' };
}

/** 03XXXXXXXXX shown as 03XX-XXXXXXX. */
export function showWalletNumber(stored: string): string {
  return `${stored.slice(0, 4)}-${stored.slice(4)}`;
}

/** The stored number as shown: an IBAN in groups of four, a wallet number as 03XX-XXXXXXX. */
export function showNumber(kind: 'bank' | 'wallet', stored: string): string {
  return kind === 'bank' ? groupIban(stored) : showWalletNumber(stored);
}

/** The bank's name of a compact IBAN's code (the table of contract/iban.ts), or the code itself. */
export function bankNameOf(code: string): string {
  return pkIbanBank(`PK00${code}`) ?? code;
}

/** A title as compared: trimmed, inner runs of white space as one space, lower case. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en-US');
}

export function titleMatches(title: string, verifiedName: string): boolean {
  return titleKey(title) === titleKey(verifiedName);
}

/**
 * A typed withdrawal address on `chain`, as stored (trimmed; ERC20/BEP20 written EIP-55 checksummed so the
 * same address typed in another case is the same row), or the problem: format and checksum differ.
 */
export function readAddress(chain: Chain, typed: string): Checked<string> {
  const text = typed.trim();
  const problem = addressProblem(chain, text);
  if (problem === 'format')
    return { ok: false, key: chain === 'TRC20' ? 'bank.addressFormatTron' : 'bank.addressFormatEvm' };
  if (problem === 'checksum') return { ok: false, key: 'bank.addressChecksum' };
  return { ok: true, value: chain === 'TRC20' ? text : eip55(text.slice(2)) };
}
