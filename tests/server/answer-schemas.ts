// Checks every answer the API tests receive against the contract: a success answer against the response schema
// its route registered (contract/<area>.ts), an error answer against the error envelope. `post` and `get` of
// ./helpers.ts call `checkAnswer`, so every API test proves the server answers what the contract says.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ErrorEnvelope } from '../../contract/envelope.ts';

type Check = (value: unknown) => string | null;

const byApp = new WeakMap<FastifyInstance, Map<string, TSchema>>();
const compiled = new WeakMap<TSchema, Check>();

function checkerOf(schema: TSchema): Check {
  let check = compiled.get(schema);
  if (!check) {
    const validator = Compile(schema);
    check = (value) => {
      if (validator.Check(value)) return null;
      const first = validator.Errors(value)[0];
      return first ? `${first.instancePath || '/'} ${first.message}` : 'does not match';
    };
    compiled.set(schema, check);
  }
  return check;
}

/** An onRoute hook collecting each route's HTTP 200 response schema, keyed `METHOD /path`. */
export function collectResponseSchemas(): {
  onRoute: (route: RouteOptions) => void;
  attach: (app: FastifyInstance) => void;
} {
  const schemas = new Map<string, TSchema>();
  return {
    onRoute: (route) => {
      const response = route.schema?.response as Record<string, TSchema> | undefined;
      const ok = response?.['200'];
      if (!ok) return;
      for (const method of [route.method].flat()) schemas.set(`${method} ${route.url}`, ok);
    },
    attach: (app) => byApp.set(app, schemas),
  };
}

/** The response schema of a call, or undefined (no such route, or one registered without a response schema). */
export function responseSchemaOf(app: FastifyInstance, method: string, url: string): TSchema | undefined {
  return byApp.get(app)?.get(`${method} ${url.split('?')[0]}`);
}

/**
 * Throws unless `body` is what the contract allows for this call: a success answer (code 0) must validate
 * against the route's response schema; any other answer must be the error envelope (data null).
 */
export function checkAnswer(app: FastifyInstance, method: string, url: string, body: unknown): void {
  const code = (body as { code?: unknown } | null)?.code;
  // Not an envelope (the OpenAPI document itself): only calls with a response schema are checked.
  if (code === undefined && !responseSchemaOf(app, method, url)) return;
  const schema = code === 0 ? responseSchemaOf(app, method, url) : ErrorEnvelope;
  if (!schema) return;
  const problem = checkerOf(schema)(body);
  if (problem) {
    throw new Error(
      `${method} ${url}: the answer does not match its schema (${problem}): ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
}
