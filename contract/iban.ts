// Pakistani IBANs (reference/pakistan.md §4): 24 characters, `PK` + 2 check digits + the 4-letter bank code
// + 16 digits of account number, checked by ISO 7064 mod 97 (ISO 13616). Shared by the app's IBAN field and
// the server's withdrawal-account rules, so both refuse the same numbers with the same reason.

export const PK_IBAN_LENGTH = 24;
/** The compact form (no spaces, upper case). */
export const PK_IBAN_PATTERN = '^PK[0-9]{2}[A-Z]{4}[0-9]{16}$';
const PK_IBAN = new RegExp(PK_IBAN_PATTERN, 'u');

/**
 * Bank codes of Pakistani IBANs and the banks' short names (reference/pakistan.md §4, iban.pk). JCMA and TMFB
 * (the JazzCash and Easypaisa microfinance banks) come from a community list the reference marks unverified;
 * they are accepted so that their customers are not refused, and flagged here for whoever confirms them.
 */
export const PK_BANK_CODES: Readonly<Record<string, string>> = {
  HABB: 'HBL',
  UNIL: 'UBL',
  MUCB: 'MCB',
  ABPA: 'Allied Bank',
  NBPA: 'National Bank of Pakistan',
  MEZN: 'Meezan Bank',
  ALFH: 'Bank Alfalah',
  BAHL: 'Bank Al Habib',
  ASCM: 'Askari Bank',
  SCBL: 'Standard Chartered',
  FAYS: 'Faysal Bank',
  JSBL: 'JS Bank',
  MPBL: 'HabibMetro',
  SONE: 'Soneri Bank',
  BPUN: 'The Bank of Punjab',
  BKIP: 'BankIslami',
  DUIB: 'Dubai Islamic Bank',
  AIIN: 'Al Baraka Bank',
  MCIB: 'MCB Islamic',
  SILK: 'Silkbank',
  SIND: 'Sindh Bank',
  KHYB: 'The Bank of Khyber',
  SAMB: 'Samba Bank',
  SUMB: 'Summit Bank',
  FWOM: 'First Women Bank',
  JCMA: 'JazzCash (Mobilink Microfinance Bank), unverified code',
  TMFB: 'Easypaisa (Telenor Microfinance Bank), unverified code',
};

/** Why a string is not a Pakistani IBAN, in the order the checks run. */
export type IbanProblem = 'length' | 'format' | 'checksum' | 'bank';

/** The IBAN as typed, compacted: spaces removed, letters upper-cased. */
export function compactIban(typed: string): string {
  return typed.replace(/\s/gu, '').toUpperCase();
}

/** ISO 7064 mod 97-10 of an IBAN (letters A=10 … Z=35 after moving the first four characters to the end). */
export function ibanMod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    // Digits count as themselves, letters as two digits (10…35); done digit by digit so no number overflows.
    const value = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The first problem of a compact IBAN, or null when it is a valid Pakistani IBAN of a known bank. */
export function pkIbanProblem(iban: string): IbanProblem | null {
  if (iban.length !== PK_IBAN_LENGTH) return 'length';
  if (!PK_IBAN.test(iban)) return 'format';
  // ISO 13616 check digits run 02–98: "00", "01" and "99" can satisfy mod 97 (97 + 0…2) but are never issued.
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98 || ibanMod97(iban) !== 1) return 'checksum';
  if (!Object.hasOwn(PK_BANK_CODES, iban.slice(4, 8))) return 'bank';
  return null;
}

/** The bank of a compact Pakistani IBAN, or undefined for an unknown code. */
export function pkIbanBank(iban: string): string | undefined {
  return PK_BANK_CODES[iban.slice(4, 8)];
}

/** The check digits that make `PK??` + `bban` valid (two digits): for building examples and tests. */
export function pkIbanCheckDigits(bban: string): string {
  const rest = ibanMod97(`PK00${bban}`);
  return String(98 - rest).padStart(2, '0');
}

/** Groups of four for display ("PK36 SCBL 0000 0011 2345 6702"); input is the compact form or part of it. */
export function groupIban(compact: string): string {
  return compact.replace(/(.{4})(?=.)/gu, '$1 ');
}
