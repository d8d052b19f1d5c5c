import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  addressProblem,
  base58Decode,
  base58Encode,
  eip55,
  isEvmAddress,
  isTronAddress,
} from '../../../contract/crypto-address.ts';

describe('crypto addresses', () => {
  it('knows real TRON addresses and refuses a changed character', () => {
    // USDT's TRC20 contract and the TRON zero address, as published.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(addressProblem('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe('checksum');
    expect(addressProblem('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe('format');
  });

  it('checks EIP-55 like the EIP does (its own test vectors)', () => {
    for (const a of [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(isEvmAddress(a)).toBe(true);
      const hex = a.slice(2);
      const mixed = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
      if (mixed) expect(eip55(hex)).toBe(a);
    }
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(addressProblem('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('checksum');
    expect(addressProblem('BEP20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBeNull();
    expect(addressProblem('BEP20', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('format');
  });

  it('round-trips base58 and generates valid addresses for any account id', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (id) => {
        for (const chain of ['TRC20', 'ERC20', 'BEP20'] as const) {
          expect(addressProblem(chain, addressOf(chain, id))).toBeNull();
        }
      }),
    );
  });
});
