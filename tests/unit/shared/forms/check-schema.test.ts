// The forms' schema checker against the server's own validator: Ajv configured as server/app.ts configures
// it. For every form body of the contract and any values (fast-check), the checker accepts exactly what Ajv
// accepts, and the first refusal it reports for a form with one bad field is the one Ajv answers with — so the
// message a form shows is the message the server would have sent (contract/field-issues.ts).
import Ajv from 'ajv';
import fc from 'fast-check';
import type { TObject } from 'typebox';
import { describe, expect, it } from 'vitest';
import { CodeSendBody } from '../../../../contract/common.ts';
import { failedField, type SchemaFailure } from '../../../../contract/field-issues.ts';
import { PlaceOrderBody } from '../../../../contract/trade.ts';
import {
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  TradePasswordChangeBody,
  TradePasswordSetBody,
  UpdatePasswordBody,
} from '../../../../contract/user.ts';
import { schemaFailures } from '../../../../src/shared/forms/check-schema.ts';

const ajv = new Ajv({
  coerceTypes: false,
  removeAdditional: true,
  useDefaults: true,
  allErrors: false,
  strict: false,
});

const FORMS: Record<string, TObject> = {
  RegisterBody,
  ResetPasswordBody,
  LoginBody,
  UpdatePasswordBody,
  TradePasswordSetBody,
  TradePasswordChangeBody,
  CodeSendBody,
  PlaceOrderBody,
};

interface StringSchema {
  pattern?: string;
  enum?: string[];
  maxLength?: number;
}

/** Values a user could type into a field: near its pattern, its enum, digits, any text (emoji included). */
function typed(schema: StringSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [
    fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 14 }),
    fc.string({ unit: 'grapheme', maxLength: (schema.maxLength ?? 20) + 2 }),
    fc.constantFrom('', ' ', '😀😀😀😀😀😀', 'é'.repeat(6)),
  ];
  if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern, 'u')));
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  return fc.oneof(...options);
}

/** A form's values: each field missing or typed. */
function values(schema: TObject): fc.Arbitrary<Record<string, string | undefined>> {
  const props = schema.properties as Record<string, StringSchema>;
  return fc.record(
    Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fc.option(typed(s), { nil: undefined })])),
  );
}

const present = (v: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Record<string, string>;

function ajvFirst(schema: TObject, value: Record<string, string>): SchemaFailure | null {
  const validate = ajv.compile(schema);
  if (validate({ ...value })) return null;
  const e = validate.errors?.[0];
  if (!e) throw new Error('ajv refused without an error');
  return { keyword: e.keyword, instancePath: e.instancePath, params: e.params as Record<string, unknown> };
}

describe('check-schema', () => {
  for (const [name, schema] of Object.entries(FORMS)) {
    it(`accepts exactly what the server accepts: ${name}`, () => {
      fc.assert(
        fc.property(values(schema), (v) => {
          const value = present(v);
          const ours = schemaFailures(schema, value);
          const theirs = ajvFirst(schema, value);
          expect(ours.length === 0, JSON.stringify(value)).toBe(theirs === null);
          // Ajv stops at its first failure: it is about the first field ours reports, with the same rule.
          if (theirs) {
            expect(failedField(ours[0]!)).toBe(failedField(theirs));
            expect(ours[0]!.keyword).toBe(theirs.keyword);
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('counts length in code points, as JSON Schema and the server do', () => {
    const pw = { phone: '3001234567', password: '😀'.repeat(20) };
    expect(schemaFailures(LoginBody, pw)).toEqual([]);
    expect(schemaFailures(LoginBody, { ...pw, password: '😀'.repeat(21) })).toEqual([
      { keyword: 'maxLength', instancePath: '/password', params: { limit: 20 } },
    ]);
  });

  it('reports a missing required field as Ajv does, and ignores fields the schema does not name', () => {
    expect(schemaFailures(LoginBody, { password: 'x', remember: '1' })).toEqual([
      { keyword: 'required', instancePath: '', params: { missingProperty: 'phone' } },
    ]);
  });

  it('refuses to check a schema with a rule it does not know', () => {
    const richer = {
      ...LoginBody,
      properties: { ...LoginBody.properties, n: { type: 'integer', minimum: 1 } },
    };
    expect(() => schemaFailures(richer as unknown as TObject, {})).toThrow(
      /not a string field|not supported/,
    );
    const unknown = { ...LoginBody, properties: { p: { type: 'string', format: 'email' } } };
    expect(() => schemaFailures(unknown as unknown as TObject, {})).toThrow(/keyword "format"/);
  });
});
