// Turns a schema (ajv) validation failure into one clear, localised sentence naming the field.
import type { FastifySchemaValidationError } from 'fastify';
import type { Lang } from '../../workers/protocol/api.ts';
import type { Translator } from './translator.ts';

function fieldName(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params['missingProperty'] === 'string') {
    return params['missingProperty'];
  }
  if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    return params['additionalProperty'];
  }
  return error.instancePath.split('/').filter(Boolean).join('.');
}

function messageKey(tr: Translator, error: FastifySchemaValidationError, field: string): string {
  const params = error.params as Record<string, unknown>;
  if (field === '') return 'validation.body';
  switch (error.keyword) {
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
      return tr.has(`validation.fieldValue.${field}`) ? `validation.fieldValue.${field}` : 'validation.value';
    case 'additionalProperties':
      return 'validation.unknownField';
    default:
      return 'validation.format';
  }
}

export function validationMessage(
  tr: Translator,
  lang: Lang,
  errors: readonly FastifySchemaValidationError[],
): string {
  const error = errors[0];
  if (!error) return tr.t(lang, 'validation.format', { field: '' });
  const field = fieldName(error);
  const label = tr.has(`fields.${field}`) ? tr.t(lang, `fields.${field}`) : field;
  const limit = (error.params as Record<string, unknown>)['limit'];
  return tr.t(lang, messageKey(tr, error, field), {
    field: label,
    limit: typeof limit === 'number' ? limit : '',
  });
}
