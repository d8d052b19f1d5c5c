// The texts of one language by namespace, from an eager glob of its locale files (texts/<lang>.ts).

export type Namespaces = Record<string, Record<string, unknown>>;

/**
 * The files the server reads and the app does not: market messages (market.json) reach the app already
 * translated, in the answer's `msg`. The language modules leave them out of the bundle. (errors.json is the
 * server's refusals and also the forms' own messages, src/shared/forms/issue-text.ts: the app bundles it.)
 */
export const SERVER_NAMESPACES = ['market'] as const;

/** What the first screens show (texts/<lang>.ts); every other namespace is in texts/<lang>-more.ts. */
export const FIRST_SCREEN_NAMESPACES = ['common', 'nav', 'home', 'markets', 'account'] as const;

export function byNamespace(files: Record<string, Record<string, unknown>>): Namespaces {
  const out: Namespaces = {};
  for (const [file, json] of Object.entries(files)) {
    const ns = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (ns) out[ns] = json;
  }
  return out;
}
