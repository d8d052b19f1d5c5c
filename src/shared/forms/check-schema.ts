// The forms' schema checker: the contract's request schemas (contract/<area>.ts) are plain JSON Schema objects,
// and a form body uses a small part of JSON Schema (an object of strings with length bounds, patterns and
// enums). This checks exactly that part, the way the server's Ajv does (lengths in code points, patterns with
// the `u` flag), so the app needs no schema library at run time; a keyword it does not know throws, so a form
// over a richer schema fails its tests instead of skipping a rule. tests/unit/shared/forms/check-schema.test.ts
// compares it with TypeBox's own checker on every form schema.
import type { TSchema } from 'typebox';
import type { SchemaFailure } from '../../../contract/field-issues.ts';

interface JsonSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
}

/** Keywords that only describe (OpenAPI, defaults the server applies): nothing to check. */
const ANNOTATIONS = new Set(['description', 'default', 'title', 'examples', '$id']);
const CHECKED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'const',
]);

const patterns = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    re = new RegExp(pattern, 'u');
    patterns.set(pattern, re);
  }
  return re;
}

function supported(schema: JsonSchema, path: string): void {
  for (const key of Object.keys(schema)) {
    if (!CHECKED.has(key) && !ANNOTATIONS.has(key)) {
      throw new Error(`check-schema: keyword "${key}" at "${path || '/'}" is not supported in a form schema`);
    }
  }
}

/** Code points, as JSON Schema (and Ajv) count a string's length. */
function length(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

/** The first rule a string breaks, in Ajv's order (a value list, then the lengths, then the pattern). */
function stringFailure(schema: JsonSchema, value: unknown, path: string): SchemaFailure | null {
  if (typeof value !== 'string') return { keyword: 'type', instancePath: path, params: { type: 'string' } };
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    return { keyword: 'enum', instancePath: path, params: { allowedValues: schema.enum } };
  }
  if ('const' in schema && schema.const !== value) {
    return { keyword: 'const', instancePath: path, params: { allowedValue: schema.const } };
  }
  const n = length(value);
  if (schema.minLength !== undefined && n < schema.minLength) {
    return { keyword: 'minLength', instancePath: path, params: { limit: schema.minLength } };
  }
  if (schema.maxLength !== undefined && n > schema.maxLength) {
    return { keyword: 'maxLength', instancePath: path, params: { limit: schema.maxLength } };
  }
  if (schema.pattern !== undefined && !regex(schema.pattern).test(value)) {
    return { keyword: 'pattern', instancePath: path, params: { pattern: schema.pattern } };
  }
  return null;
}

/**
 * Every field of `value` that `schema` (an object schema of string fields) refuses, at most one failure per
 * field, in Ajv's order: the missing required fields first (as `required`, Ajv's `missingProperty`), then the
 * others in the schema's field order. Unknown fields are not failures: the server strips them (Ajv's
 * removeAdditional).
 */
export function schemaFailures(schema: TSchema, value: Readonly<Record<string, unknown>>): SchemaFailure[] {
  const root = schema as JsonSchema;
  supported(root, '');
  if (root.type !== 'object' || !root.properties) {
    throw new Error('check-schema: a form schema is an object schema with properties');
  }
  const failures: SchemaFailure[] = [];
  for (const name of root.required ?? []) {
    if (value[name] === undefined) {
      failures.push({ keyword: 'required', instancePath: '', params: { missingProperty: name } });
    }
  }
  for (const [name, field] of Object.entries(root.properties)) {
    const path = `/${name}`;
    supported(field, path);
    if (field.type !== 'string') throw new Error(`check-schema: field "${name}" is not a string field`);
    const v = value[name];
    if (v === undefined) continue;
    const failure = stringFailure(field, v, path);
    if (failure) failures.push(failure);
  }
  return failures;
}
