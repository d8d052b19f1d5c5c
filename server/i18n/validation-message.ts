// Turns a schema (ajv) validation failure into one clear, localised sentence naming the field, in the
// vocabulary the app's forms share (contract/field-issues.ts), and says which field it was.
import type { FastifySchemaValidationError } from 'fastify';
import { issueText, schemaIssue } from '../../contract/field-issues.ts';
import type { Lang } from '../../workers/protocol/api.ts';
import type { Translator } from './translator.ts';

export interface ValidationFailure {
  msg: string;
  /** the form field refused, when the failure is about one (the answer carries it for the form to show there) */
  field: string | undefined;
}

export function validationFailure(
  tr: Translator,
  lang: Lang,
  errors: readonly FastifySchemaValidationError[],
): ValidationFailure {
  const has = (key: string) => tr.has(key);
  const error = errors[0];
  if (!error) return { msg: tr.t(lang, 'validation.format', { field: '' }), field: undefined };
  const issue = schemaIssue(
    { keyword: error.keyword, instancePath: error.instancePath, params: error.params },
    has,
  );
  return {
    msg: issueText(issue, (key, params) => tr.t(lang, key, params), has),
    field: issue.field === '' ? undefined : issue.field,
  };
}
