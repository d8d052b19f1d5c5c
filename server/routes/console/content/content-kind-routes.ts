// The route shape the console's content pages share, built once from what differs per kind of content:
// GET <path> (every row), POST <path> (create, or edit with id) and, for kinds that have a draft state,
// POST <path>/:id/publish (published=1 publishes now, 0 unpublishes). Each write runs with its audit entry
// in one transaction (auditedWrite); a missing id is a -1001 at `id` on edit and a plain refusal on publish.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ContentIdParams, PublishBody } from '../../../../contract/console-content.ts';
import type { Db } from '../../../db/database.ts';
import { AppError, fieldError } from '../../../errors.ts';
import { ok } from '../../../plugins/envelope.ts';
import { FORM } from '../../route-docs.ts';
import { operatorOf } from '../console-auth.ts';
import { auditedWrite, CONTENT_ROLES } from './content-audit.ts';

/** What a write body holds at least: an optional id (present: an edit of that row). */
interface WriteBody {
  id?: string | undefined;
}

export interface ContentKind<Row extends { id: number }, Wire, S extends TSchema> {
  /** '/content/news' */
  path: string;
  /** the audit subject type and the first word of its actions ('news' → news.create, news.edit, …) */
  subject: string;
  summaries: { list: string; write: string };
  bodyLimit?: number;
  /** `write` validates a write body (Static<S>, which has an optional id: see contentKindRoutes) */
  schemas: { list: TSchema; one: TSchema; write: S };
  all(db: Db): Promise<Row[]>;
  byId(db: Db, id: number): Promise<Row | undefined>;
  toConsole(row: Row): Wire;
  /** The checks made before the transaction (each refusal changes nothing); returns what the write needs. */
  prepare?(app: FastifyInstance, body: Static<S>): Promise<void>;
  /** Writes the edit of `before` (may refuse it). */
  update(tx: Db, before: Row, body: Static<S>, now: number): Promise<void>;
  /** Inserts a new row; its id. */
  insert(tx: Db, body: Static<S>, now: number, operatorId: number): Promise<number>;
  /** Kinds with a draft state: sets or clears the row's publication (the others have no publish route). */
  publish?: {
    summary: string;
    write(tx: Db, id: number, publishedAt: number | null, now: number): Promise<void>;
  };
}

export function contentKindRoutes<Row extends { id: number }, Wire, S extends TSchema>(
  kind: ContentKind<Row, Wire, S> &
    (Static<S> extends WriteBody ? unknown : { writeBodyLacksOptionalId: never }),
): FastifyPluginAsyncTypebox {
  const config = { auth: 'public', consoleRoles: CONTENT_ROLES } as const;
  const { subject, summaries, schemas, byId, toConsole } = kind;
  return async (app) => {
    app.get(
      kind.path,
      {
        config,
        schema: { tags: ['console'], hide: true, summary: summaries.list, response: schemas.list },
      },
      async () => ok((await kind.all(app.db)).map(toConsole)),
    );

    app.post(
      kind.path,
      {
        config,
        ...(kind.bodyLimit !== undefined ? { bodyLimit: kind.bodyLimit } : {}),
        schema: {
          tags: ['console'],
          hide: true,
          summary: summaries.write,
          consumes: FORM,
          body: schemas.write,
          response: schemas.one,
        },
      },
      async (request) => {
        // Fastify has validated the body against schemas.write, so it is a Static<S>, which has an optional id
        // (the signature refuses a schema without one); TypeScript cannot resolve the type provider's body type
        // for a schema only known as a type parameter, so it is named here.
        const b = request.body as Static<S> & WriteBody;
        await kind.prepare?.(app, b);
        const opId = operatorOf(request).id;
        const after = await auditedWrite(
          app,
          request,
          { action: `${subject}.${b.id ? 'edit' : 'create'}`, subjectType: subject },
          async (tx, now) => {
            if (b.id) {
              const before = await byId(tx, Number(b.id));
              if (!before) throw fieldError('id', 'notice:errors.notFound');
              await kind.update(tx, before, b, now);
              return {
                id: before.id,
                before: toConsole(before),
                after: toConsole((await byId(tx, before.id))!),
              };
            }
            const id = await kind.insert(tx, b, now, opId);
            return { id, before: null, after: toConsole((await byId(tx, id))!) };
          },
        );
        return ok(after);
      },
    );

    const publish = kind.publish;
    if (!publish) return;
    app.post(
      `${kind.path}/:id/publish`,
      {
        config,
        schema: {
          tags: ['console'],
          hide: true,
          summary: publish.summary,
          consumes: FORM,
          params: ContentIdParams,
          body: PublishBody,
          response: schemas.one,
        },
      },
      async (request) => {
        const id = Number(request.params.id);
        const on = request.body.published === '1';
        const after = await auditedWrite(
          app,
          request,
          { action: `${subject}.${on ? 'publish' : 'unpublish'}`, subjectType: subject },
          async (tx, now) => {
            const before = await byId(tx, id);
            if (!before) throw new AppError('notice:errors.notFound');
            await publish.write(tx, id, on ? now : null, now);
            return { id, before: toConsole(before), after: toConsole((await byId(tx, id))!) };
          },
        );
        return ok(after);
      },
    );
  };
}
