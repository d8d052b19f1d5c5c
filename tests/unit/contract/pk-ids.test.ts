// The contract's pure rules for Pakistani identifiers (reference/pakistan.md §4): IBAN (ISO 7064 mod 97 and
// the bank codes), CNIC (format only, dashes added as typed) and the mobile number as typed or pasted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CNIC_PATTERN, formatCnicInput, isCnic } from '../../../contract/cnic.ts';
import { NAMED_PATTERNS, patternName } from '../../../contract/form-fields.ts';
import {
  compactIban,
  groupIban,
  ibanMod97,
  PK_BANK_CODES,
  pkIbanBank,
  pkIbanCheckDigits,
  pkIbanProblem,
} from '../../../contract/iban.ts';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';

const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const bankCode = fc.constantFrom(...Object.keys(PK_BANK_CODES));
/** A valid compact Pakistani IBAN of a known bank. */
const validIban = fc.tuple(bankCode, digits(16)).map(([bank, account]) => {
  const bban = bank + account;
  return `PK${pkIbanCheckDigits(bban)}${bban}`;
});

/** The mod 97 of the IBAN's number the slow way (one BigInt), to check the digit-by-digit version. */
function bigMod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const number = [...moved].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  return Number(BigInt(number) % 97n);
}

describe('IBAN', () => {
  it("accepts the reference's sample and names its bank", () => {
    expect(pkIbanProblem('PK36SCBL0000001123456702')).toBeNull();
    expect(pkIbanBank('PK36SCBL0000001123456702')).toBe('Standard Chartered');
    expect(groupIban('PK36SCBL0000001123456702')).toBe('PK36 SCBL 0000 0011 2345 6702');
    expect(compactIban(' pk36 scbl 0000 0011 2345 6702 ')).toBe('PK36SCBL0000001123456702');
  });

  it('says what is wrong, in the order the checks run', () => {
    expect(pkIbanProblem('PK36SCBL000000112345670')).toBe('length');
    expect(pkIbanProblem('GB36SCBL0000001123456702')).toBe('format');
    expect(pkIbanProblem('PK36SCBL00000011234567AB')).toBe('format');
    expect(pkIbanProblem('PK37SCBL0000001123456702')).toBe('checksum');
    // Check digits 00, 01 and 99 satisfy mod 97 where 97, 98 or 02 are right, but ISO 13616 never issues them.
    const wraps = { '97': '00', '98': '01', '02': '99' } as const;
    for (const [right, alias] of Object.entries(wraps)) {
      let n = 0;
      let bban = '';
      do bban = `SCBL${String(n++).padStart(16, '0')}`;
      while (pkIbanCheckDigits(bban) !== right);
      expect(pkIbanProblem(`PK${right}${bban}`)).toBeNull();
      expect(pkIbanProblem(`PK${alias}${bban}`), `PK${alias}${bban}`).toBe('checksum');
    }
    const unknown = `PK${pkIbanCheckDigits('ZZZZ0000001123456702')}ZZZZ0000001123456702`;
    expect(pkIbanProblem(unknown)).toBe('bank');
    expect(pkIbanBank(unknown)).toBeUndefined();
    // Object prototype names are not bank codes.
    expect(pkIbanBank('PK00toSt0000001123456702')).toBeUndefined();
  });

  it('computes mod 97 digit by digit exactly as one big number does', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.string({
            unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
            minLength: 5,
            maxLength: 34,
          }),
        ),
        ([s]) => {
          expect(ibanMod97(s)).toBe(bigMod97(s));
        },
      ),
    );
  });

  it('accepts every IBAN built with its check digits, and refuses any one changed digit', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, delta) => {
        expect(pkIbanProblem(iban)).toBeNull();
        // Change one digit of the account number or the check digits: mod 97 catches every such error.
        const places = [2, 3, ...Array.from({ length: 16 }, (_, i) => 8 + i)];
        const i = places[at % places.length]!;
        const changed = String((Number(iban[i]) + delta) % 10);
        const wrong = iban.slice(0, i) + changed + iban.slice(i + 1);
        expect(pkIbanProblem(wrong)).toBe('checksum');
      }),
    );
  });

  it('refuses any swap of two different neighbouring digits of the account number', () => {
    fc.assert(
      fc.property(validIban, fc.integer({ min: 8, max: 22 }), (iban, i) => {
        fc.pre(iban[i] !== iban[i + 1]);
        const swapped = iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2);
        expect(pkIbanProblem(swapped)).toBe('checksum');
      }),
    );
  });

  it('groups any prefix of an IBAN in fours and compacts back to it', () => {
    fc.assert(
      fc.property(validIban, fc.nat({ max: 24 }), (iban, n) => {
        const part = iban.slice(0, n);
        const grouped = groupIban(part);
        expect(compactIban(grouped)).toBe(part);
        expect(grouped.split(' ').every((g) => g.length === 4 || g === grouped.split(' ').at(-1))).toBe(true);
      }),
    );
  });
});

describe('CNIC', () => {
  it('adds the dashes as the digits are typed and keeps only 13 digits', () => {
    expect(formatCnicInput('')).toBe('');
    expect(formatCnicInput('4210')).toBe('4210');
    expect(formatCnicInput('42101')).toBe('42101');
    expect(formatCnicInput('421012')).toBe('42101-2');
    expect(formatCnicInput('421012345678')).toBe('42101-2345678');
    expect(formatCnicInput('4210123456781')).toBe('42101-2345678-1');
    expect(formatCnicInput('42101-2345678-19999')).toBe('42101-2345678-1');
    expect(formatCnicInput('42 101 ab 2345678 1')).toBe('42101-2345678-1');
    expect(isCnic('42101-2345678-1')).toBe(true);
    expect(isCnic('4210123456781')).toBe(false);
    expect(isCnic('42101-2345678-')).toBe(false);
  });

  it('formats any input idempotently, and 13 digits always into the pattern', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = formatCnicInput(s);
        expect(formatCnicInput(once)).toBe(once);
        expect(once.replace(/-/g, '')).toBe(s.replace(/[^0-9]/g, '').slice(0, 13));
      }),
    );
    fc.assert(
      fc.property(digits(13), (d) => {
        expect(isCnic(formatCnicInput(d))).toBe(true);
      }),
    );
    expect(NAMED_PATTERNS.cnic).toBe(CNIC_PATTERN);
  });
});

describe('mobile number', () => {
  it('reads every usual way of writing a Pakistani mobile as its national number', () => {
    for (const typed of [
      '3001234567',
      '03001234567',
      '+923001234567',
      '923001234567',
      '00923001234567',
      '0300-1234567',
      '+92 300 1234567',
      '(0300) 123 4567',
    ])
      expect(normalizePkMobile(typed)).toBe('3001234567');
  });

  it('refuses landlines, short and long numbers and other countries', () => {
    for (const typed of [
      '0215551234',
      '300123456',
      '30012345678',
      '+913001234567',
      '',
      'abc',
      '+92-300-12345',
    ])
      expect(normalizePkMobile(typed)).toBeNull();
  });

  it('gives what the wire pattern accepts', () => {
    const wire = new RegExp(NAMED_PATTERNS.pkMobile, 'u');
    fc.assert(
      fc.property(digits(9), fc.constantFrom('', '0', '+92', '92', '0092'), (rest, prefix) => {
        const national = normalizePkMobile(`${prefix}3${rest}`);
        expect(national).toBe(`3${rest}`);
        expect(wire.test(national!)).toBe(true);
      }),
    );
  });

  it('names the patterns that have their own message', () => {
    expect(patternName('^[0-9]{6}$')).toBe('sixDigits');
    expect(patternName(NAMED_PATTERNS.pkIban)).toBe('pkIban');
    expect(patternName('^[A-Za-z0-9]*$')).toBeUndefined();
  });
});
