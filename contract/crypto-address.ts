// Crypto addresses of the chains the platform accepts USDT on, checked the way wallets check them, shared by
// the server (binding a withdrawal address, generating deposit addresses) and the app (the address field):
// - TRC20 (TRON): base58check of 0x41 + 20 bytes, checksum = first 4 bytes of sha256(sha256(payload)); 34
//   characters starting with T.
// - ERC20 (Ethereum) and BEP20 (BNB Smart Chain): 0x + 40 hex; mixed case must match the EIP-55 checksum
//   (keccak-256 of the lower-case hex); all-lower or all-upper case carries no checksum and is accepted, as
//   wallets do. Generated addresses are always written checksummed.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

export const CHAINS = ['TRC20', 'ERC20', 'BEP20'] as const;
export type Chain = (typeof CHAINS)[number];

export function isChain(text: string): text is Chain {
  return (CHAINS as readonly string[]).includes(text);
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

/** The bytes of a base58 string, or null when it holds a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const ch of text) {
    const v = B58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

function checksum4(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).slice(0, 4);
}

/** The TRON address of a 20-byte account id. */
export function tronAddress(account20: Uint8Array): string {
  if (account20.length !== 20) throw new RangeError('a TRON account id is 20 bytes');
  const payload = Uint8Array.from([0x41, ...account20]);
  return base58Encode(Uint8Array.from([...payload, ...checksum4(payload)]));
}

export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const bytes = base58Decode(text);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  const sum = checksum4(bytes.slice(0, 21));
  return sum.every((b, i) => b === bytes[21 + i]);
}

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** EIP-55: the 40 hex digits with each letter upper-cased where the keccak-256 nibble of the lower hex is ≥ 8. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = hexOf(keccak_256(new TextEncoder().encode(lower)));
  let out = '';
  for (let i = 0; i < 40; i++) {
    const c = lower[i] ?? '';
    out += parseInt(hash[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c;
  }
  return `0x${out}`;
}

/** The checksummed 0x address of a 20-byte account id (ERC20 and BEP20 share the format). */
export function evmAddress(account20: Uint8Array): string {
  if (account20.length !== 20) throw new RangeError('an EVM account id is 20 bytes');
  return eip55(hexOf(account20));
}

export function isEvmAddress(text: string): boolean {
  const m = /^0x([0-9a-fA-F]{40})$/.exec(text);
  if (!m?.[1]) return false;
  const hex = m[1];
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55(hex) === text;
}

/** Why `text` is not an address on `chain`, or null when it is one. */
export function addressProblem(chain: Chain, text: string): 'format' | 'checksum' | null {
  if (chain === 'TRC20') {
    if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return 'format';
    return isTronAddress(text) ? null : 'checksum';
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return 'format';
  return isEvmAddress(text) ? null : 'checksum';
}

/** The address of a 20-byte account id on `chain`. */
export function addressOf(chain: Chain, account20: Uint8Array): string {
  return chain === 'TRC20' ? tronAddress(account20) : evmAddress(account20);
}
