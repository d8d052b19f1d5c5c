// The crypto address field's check, shared by the live hint and the form's rule: the chain's format, then its
// checksum (contract/crypto-address.ts), with the server's messages (errors.json `bank.*`).
import { addressProblem, isChain } from '../../../contract/crypto-address.ts';
import type { FormRule } from '../../shared/forms/rules.ts';

/** The message key of what is wrong with `address` on `chain`, or null when it is an address of that chain. */
export function addressIssueKey(chain: string, address: string): string | null {
  if (!isChain(chain)) return null;
  const problem = addressProblem(chain, address.trim());
  if (problem === 'checksum') return 'bank.addressChecksum';
  if (problem === 'format') return chain === 'TRC20' ? 'bank.addressFormatTron' : 'bank.addressFormatEvm';
  return null;
}

export function addressChecked(chainField: string, field: string): FormRule {
  return (values, issues) => {
    if (issues.has(field)) return;
    const key = addressIssueKey(values[chainField] ?? '', values[field] ?? '');
    if (key) issues.set(field, { field, key });
  };
}
