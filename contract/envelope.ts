// The answer envelope `{code, msg, data}` every call returns, as a builder of response schemas, and the shapes
// every area shares on the wire: pages, decimal strings, epoch-ms times. Routes declare
// `response: envelope(X)`; the server serialises success answers through it (fields not in X are not sent)
// and error answers (data null) outside it (server/plugins/envelope.ts), so the success type stays exact.
import { Type, type Static, type TSchema, type TUnknown } from 'typebox';

const ERRORS_NOTE =
  'Errors use the same envelope with code -1000 (session invalid) or -1001 (msg localised) and data null; ' +
  'a -1001 about one form field also names it in `field`.';

/** The answer of a call whose data is `data`, as Fastify's `response` map (HTTP 200 carries every answer). */
export function envelope<T extends TSchema>(data: T, description = 'Success') {
  return {
    200: Type.Object(
      { code: Type.Integer({ enum: [0] }), msg: Type.String(), data },
      { description: `${description}. ${ERRORS_NOTE}` },
    ),
  };
}

/**
 * The answer of a refused call (any route): -1000 session invalid, -1001 localised business error. A refusal
 * of one form field (a schema rule, a wrong SMS code, a password typed twice differently) names it in `field`,
 * the wire name of the request field, so a form shows `msg` at that field.
 */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ enum: [-1000, -1001] }),
    msg: Type.String(),
    data: Type.Null(),
    field: Type.Optional(Type.String({ description: 'The request field the refusal is about.' })),
  },
  { additionalProperties: false },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** `data` of a call that only answers "done". */
export const NullData = Type.Null();

/** A paged list; `page` is 1-based. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
  });
/** A page of T (the TS type of `Page(X)` for any item type). */
export type Page<T> = Omit<Static<ReturnType<typeof Page<TUnknown>>>, 'list'> & { list: T[] };

/** The envelope with data of type T (a success answer; errors carry data null). */
export type ApiEnvelope<T> = Omit<Static<ReturnType<typeof envelope<TUnknown>>[200]>, 'code' | 'data'> & {
  code: number;
  data: T;
};

/** A decimal amount as a string: optional minus sign, digits, optional fraction (money, prices, quantities). */
export const Decimal = (description?: string) =>
  Type.String({ pattern: '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?$', ...(description ? { description } : {}) });

/** Epoch milliseconds. */
export const EpochMs = (description?: string) =>
  Type.Integer({ minimum: 0, ...(description ? { description } : {}) });
