// A Kysely plugin that gives both databases one integer rule (schema.ts): the drivers hand back every integer
// as a bigint (better-sqlite3 in safe-integer mode, pg with int8 parsed to BigInt), and this turns each result
// column not named in MONEY_COLUMNS into a JS number, refusing one that does not fit exactly.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { MONEY_COLUMNS } from './schema.ts';

function toNumber(key: string, v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`db: column ${key} = ${v} does not fit a JS number; name it in MONEY_COLUMNS`);
  }
  return Number(v);
}

/** Converts the non-money integer columns of one row in place; exported for tests. */
export function convertRow(row: UnknownRow): UnknownRow {
  for (const key of Object.keys(row)) {
    const v = row[key];
    if (typeof v === 'bigint' && !MONEY_COLUMNS.has(key)) row[key] = toNumber(key, v);
  }
  return row;
}

export class IntegerResultsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) convertRow(row);
    return args.result;
  }
}
