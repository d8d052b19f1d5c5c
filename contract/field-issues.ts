// What is wrong with a form field, as a message key of locales/<lang>/errors.json: the one vocabulary shared by
// the server's answer to a request its schema refuses (server/i18n/validation-message.ts, from Ajv's errors)
// and the app's forms (src/shared/forms/, from the same schemas checked before sending). Both ends turn a
// failed rule into the same key, so the user reads the same sentence whichever side caught the problem.
import { patternName } from './form-fields.ts';

/** A failed schema rule, as Ajv (the server) and the app's form checker both report it. */
export interface SchemaFailure {
  keyword: string;
  /** JSON pointer of the value, '' for the body itself (then `params` names the property, see below) */
  instancePath: string;
  params: Readonly<Record<string, unknown>>;
}

export interface FieldIssue {
  /** the wire name of the field ('' when the body as a whole is wrong) */
  field: string;
  /** a key of errors.json: 'validation.tooShort', 'validation.pattern.sixDigits', 'auth.passwordMismatch' … */
  key: string;
  /** the bound of a length rule */
  limit?: number;
}

/** Looks a message key of errors.json up (true when it exists in the default language's file). */
export type HasMessage = (key: string) => boolean;
/** Fills a message of errors.json in the reader's language. */
export type Translate = (key: string, params: Readonly<Record<string, string | number>>) => string;

/** The field a failure is about: `required` and `additionalProperties` name it in params, others by path. */
export function failedField(failure: SchemaFailure): string {
  const { keyword, params } = failure;
  if (keyword === 'required' && typeof params['missingProperty'] === 'string')
    return params['missingProperty'];
  if (keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    return params['additionalProperty'];
  }
  return failure.instancePath.split('/').filter(Boolean).join('.');
}

function issueKey(failure: SchemaFailure, field: string, has: HasMessage): string {
  const { params } = failure;
  if (field === '') return 'validation.body';
  switch (failure.keyword) {
    case 'required':
      return 'validation.required';
    // Form and query values are strings; any other type means the key was sent more than once.
    case 'type':
      return 'validation.duplicate';
    case 'minLength':
      return params['limit'] === 1 ? 'validation.empty' : 'validation.tooShort';
    case 'maxLength':
      return 'validation.tooLong';
    case 'enum':
    case 'const':
      return has(`validation.fieldValue.${field}`) ? `validation.fieldValue.${field}` : 'validation.value';
    case 'additionalProperties':
      return 'validation.unknownField';
    case 'pattern': {
      const name = typeof params['pattern'] === 'string' ? patternName(params['pattern']) : undefined;
      return name && has(`validation.pattern.${name}`) ? `validation.pattern.${name}` : 'validation.format';
    }
    default:
      return 'validation.format';
  }
}

/** The issue a failed schema rule stands for. */
export function schemaIssue(failure: SchemaFailure, has: HasMessage): FieldIssue {
  const field = failedField(failure);
  const limit = failure.params['limit'];
  return {
    field,
    key: issueKey(failure, field, has),
    ...(typeof limit === 'number' && { limit }),
  };
}

/** The sentence for an issue: its message with the field's label (`fields.<name>`, else the wire name). */
export function issueText(issue: FieldIssue, t: Translate, has: HasMessage): string {
  const label = has(`fields.${issue.field}`) ? t(`fields.${issue.field}`, {}) : issue.field;
  return t(issue.key, { field: label, limit: issue.limit ?? '' });
}
