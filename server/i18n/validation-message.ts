// Turns a schema (ajv) validation failure into one clear, localised sentence naming the field, in the
// vocabulary the app's forms share (contract/field-issues.ts), and says which field it was.
import type { FastifySchemaValidationError } from 'fastify';
import { issueText, schemaIssue } from '../../contract/field-issues.ts';
import type { Lang } from '../../workers/protocol/api.ts';
import { hasMessage, translate } from './translate.ts';

export interface ValidationFailure {
  msg: string;
  /** the form field refused, when the failure is about one (the answer carries it for the form to show there) */
  field: string | undefined;
}

export function validationFailure(
  lang: Lang,
  errors: readonly FastifySchemaValidationError[],
): ValidationFailure {
  const error = errors[0];
  if (!error) return { msg: translate(lang, 'validation.format', { field: '' }), field: undefined };
  const issue = schemaIssue(
    { keyword: error.keyword, instancePath: error.instancePath, params: error.params },
    hasMessage,
  );
  return {
    msg: issueText(issue, (key, params) => translate(lang, key, params), hasMessage),
    field: issue.field === '' ? undefined : issue.field,
  };
}
