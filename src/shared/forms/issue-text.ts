// The app's reading of the shared message vocabulary (contract/field-issues.ts): the `errors` namespace of
// locales/<lang>/ is the server's own errors.json, so a form says exactly what the server would have said.
import { issueText, type FieldIssue } from '../../../contract/field-issues.ts';
import { i18next } from '../i18n/i18n.ts';

export const hasErrorMessage = (key: string): boolean => i18next.exists(`errors:${key}`);

/** The sentence for an issue in the current language ("Password: at least 6 characters"). */
export function issueMessage(issue: FieldIssue): string {
  return issueText(issue, (key, params) => i18next.t(`errors:${key}`, params), hasErrorMessage);
}
