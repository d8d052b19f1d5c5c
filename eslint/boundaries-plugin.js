// A local ESLint plugin with one rule per boundary zone (eslint/boundary-zones.js). Each rule resolves the
// file's imports against the repo root (ESLint's cwd) and reports those its zone bans; a file in no zone of a
// rule is left alone by it. Rules read no options: the zone table is the one place the boundaries are written.
import path from 'node:path';
import { ZONES } from './boundary-zones.js';

/** Repo-relative, forward-slashed. */
function rel(cwd, file) {
  return path.relative(cwd, file).split(path.sep).join('/');
}

const under = (p, prefixes) => prefixes.some((x) => p === x || p.startsWith(x));

/** 'a/b' or '@s/a/b' → 'a' or '@s/a' */
function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * What an import names: a repo path (relative specifiers, resolved against the importing file) or a package.
 * @returns {{ kind: 'path'; path: string } | { kind: 'package'; name: string }}
 */
function target(cwd, file, spec) {
  const clean = spec.replace(/[?#].*$/, '');
  if (clean.startsWith('.') || clean.startsWith('/')) {
    const abs = clean.startsWith('/') ? path.join(cwd, clean) : path.resolve(path.dirname(file), clean);
    return { kind: 'path', path: rel(cwd, abs) };
  }
  // Node's builtins are packages too ('node:fs', 'fs'): an allow-list without them refuses them.
  return { kind: 'package', name: clean.startsWith('node:') ? clean : packageName(clean) };
}

function matches(t, targets) {
  if (t.kind === 'path')
    return under(t.path, targets.paths ?? []) || under(`${t.path}/`, targets.paths ?? []);
  return (targets.packages ?? []).includes(t.name);
}

/** The file's own folder one level under the banned prefix it sits in ('src/features/markets/'), if any. */
function ownFolder(file, prefixes) {
  for (const p of prefixes) {
    if (!file.startsWith(p)) continue;
    const seg = file.slice(p.length).split('/')[0];
    if (seg && file.length > p.length + seg.length) return `${p}${seg}/`;
  }
  return null;
}

function violates(zone, file, t) {
  if (zone.only) return !matches(t, zone.only);
  const ban = zone.ban ?? {};
  if (!matches(t, ban)) return false;
  if (ban.exceptOwnFolder && t.kind === 'path') {
    const own = ownFolder(file, ban.paths ?? []);
    if (own && (t.path.startsWith(own) || `${t.path}/` === own)) return false;
  }
  return true;
}

function zoneRule(zone) {
  return {
    meta: {
      type: 'problem',
      docs: { description: `Import boundary "${zone.name}": ${zone.message}` },
      schema: [],
      messages: { banned: `{{spec}}: ${zone.message}` },
    },
    create(context) {
      const cwd = context.cwd;
      const file = rel(cwd, context.filename);
      if (!under(file, zone.files) || under(file, zone.exceptFiles ?? [])) return {};
      const check = (node, source) => {
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        if (violates(zone, file, target(cwd, context.filename, source.value)))
          context.report({ node: source, messageId: 'banned', data: { spec: source.value } });
      };
      return {
        ImportDeclaration: (n) => check(n, n.source),
        ExportNamedDeclaration: (n) => check(n, n.source),
        ExportAllDeclaration: (n) => check(n, n.source),
        ImportExpression: (n) => check(n, n.source),
        TSImportEqualsDeclaration: (n) =>
          n.moduleReference.type === 'TSExternalModuleReference' && check(n, n.moduleReference.expression),
        TSImportType: (n) => check(n, n.argument?.type === 'TSLiteralType' ? n.argument.literal : n.source),
      };
    },
  };
}

export const boundaries = {
  meta: { name: 'boundaries (local)' },
  rules: Object.fromEntries(ZONES.map((z) => [z.name, zoneRule(z)])),
};

/** Every zone's rule at 'error': spread into one config block that applies to all source files. */
export const boundaryRules = Object.fromEntries(ZONES.map((z) => [`boundaries/${z.name}`, 'error']));
