// Form rules a JSON schema cannot say: a password typed twice alike, a new password unlike the current one,
// an IBAN's check digits and bank. Each reads the values and edits the issues the schema found (one per field),
// using the messages the server gives for the same refusals (errors.json), so both ends agree.
import type { FieldIssue } from '../../../contract/field-issues.ts';
import { compactIban, pkIbanProblem } from '../../../contract/iban.ts';

export type Issues = Map<string, FieldIssue>;
/** Reads the form's values and adds, replaces or drops issues. */
export type FormRule = (values: Readonly<Record<string, string>>, issues: Issues) => void;

/**
 * `repeat` must equal `main`. A filled repetition that differs says so (the server's `auth.passwordMismatch`)
 * instead of its own length problem; one equal to a main field that has a problem stays quiet, since the
 * problem is already shown once, at the main field.
 */
export function sameAs(main: string, repeat: string): FormRule {
  return (values, issues) => {
    const a = values[main] ?? '';
    const b = values[repeat] ?? '';
    if (b === '') return;
    if (a !== b) issues.set(repeat, { field: repeat, key: 'auth.passwordMismatch' });
    else if (issues.has(main)) issues.delete(repeat);
  };
}

/** `field` must differ from `other` (a new password from the current one: the server's `auth.samePassword`). */
export function differentFrom(field: string, other: string): FormRule {
  return (values, issues) => {
    const v = values[field] ?? '';
    if (v !== '' && !issues.has(field) && v === values[other]) {
      issues.set(field, { field, key: 'auth.samePassword' });
    }
  };
}

/** A Pakistani IBAN whose format the schema accepted must also pass mod 97 and name a known bank. */
export function ibanChecked(field: string): FormRule {
  return (values, issues) => {
    if (issues.has(field)) return;
    const problem = pkIbanProblem(compactIban(values[field] ?? ''));
    if (problem === 'checksum' || problem === 'bank')
      issues.set(field, { field, key: `validation.iban.${problem}` });
  };
}
