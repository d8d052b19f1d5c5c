// Localised market messages (locales/<lang>/market.json). The foundation's translator reads errors.json only,
// so market errors are translated here and handed to AppError as their final text (translate() returns an
// unknown key unchanged, which makes the resolved sentence pass through).

import fs from 'node:fs';
import type { Lang } from '../../../workers/protocol/api.ts';
import { AppError, type MessageParams } from '../../errors.ts';

type Tree = { readonly [k: string]: string | Tree };

const DIR = new URL('../../../locales/', import.meta.url);
const load = (lang: Lang) => JSON.parse(fs.readFileSync(new URL(`${lang}/market.json`, DIR), 'utf8')) as Tree;
const MESSAGES: Record<Lang, Tree> = { 'ur-PK': load('ur-PK'), 'en-US': load('en-US') };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function marketText(lang: Lang, key: string, params: MessageParams = {}): string {
  const template = lookup(MESSAGES[lang], key) ?? lookup(MESSAGES['en-US'], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A -1001 answer with a market message, e.g. marketError(request.lang, 'errors.unknownSymbol', { symbol }). */
export function marketError(lang: Lang, key: string, params: MessageParams = {}): AppError {
  // Braces would be read as placeholders by the envelope's translator; the resolved text has none left.
  return new AppError(marketText(lang, key, params).replace(/[{}]/g, ''));
}
