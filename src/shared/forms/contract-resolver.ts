// react-hook-form's resolver over a contract schema: the schema's rules (check-schema.ts) and the form's own
// rules (rules.ts) become one message per field in the shared vocabulary (issue-text.ts). A problem of a field
// the form does not show (a hidden id, a field another one stands for) lands on `errorAt`'s stand-in, else on
// the form as a whole (`root.form`), so no problem is ever invisible.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { TSchema } from 'typebox';
import { schemaIssue, type FieldIssue } from '../../../contract/field-issues.ts';
import { schemaFailures } from './check-schema.ts';
import { hasErrorMessage, issueMessage } from './issue-text.ts';
import type { FormRule, Issues } from './rules.ts';

/** The root error key of a problem that belongs to no shown field (see FormError). */
export const FORM_ERROR = 'form';

export interface ResolverOptions {
  rules?: readonly FormRule[] | undefined;
  /** where a field's problem is shown when the field itself is not (captchaId → captcha) */
  errorAt?: Readonly<Partial<Record<string, string>>> | undefined;
}

/** The issues of `values` under `schema` and `rules`, one per field (the first found). */
export function formIssues(
  schema: TSchema,
  values: Readonly<Record<string, string>>,
  rules: readonly FormRule[] = [],
): Issues {
  const issues: Issues = new Map();
  for (const failure of schemaFailures(schema, values)) {
    const issue = schemaIssue(failure, hasErrorMessage);
    if (!issues.has(issue.field)) issues.set(issue.field, issue);
  }
  for (const rule of rules) rule(values, issues);
  return issues;
}

export function contractResolver<V extends FieldValues>(
  schema: TSchema,
  opts: ResolverOptions = {},
): Resolver<V> {
  return (values, _context, options) => {
    const issues = formIssues(schema, values as Record<string, string>, opts.rules);
    if (issues.size === 0) return { values, errors: {} };
    const shown = new Set(Object.keys(values));
    const errors: Record<string, { type: string; message: string; ref?: unknown }> = {};
    const formLevel: FieldIssue[] = [];
    for (const issue of issues.values()) {
      const at = opts.errorAt?.[issue.field] ?? issue.field;
      if (!shown.has(at)) {
        formLevel.push(issue);
        continue;
      }
      if (errors[at]) continue;
      const ref = options.fields[at]?.ref;
      errors[at] = { type: issue.key, message: issueMessage(issue), ...(ref && { ref }) };
    }
    const first = formLevel[0];
    const root = first ? { root: { [FORM_ERROR]: { type: first.key, message: issueMessage(first) } } } : {};
    return { values: {}, errors: { ...errors, ...root } as FieldErrors<V> };
  };
}
