// The repo's import graph and its cycles, for the no-cycles check (ESLint has no cycle rule without a plugin
// the repo does not carry). Every static relative import and re-export counts, type-only ones too: a type
// cycle still ties the files' meaning together and turns into a runtime cycle the day one of the imports gains
// a value. A dynamic `import('…')` does not: it is a lazy edge (the route table loads its pages, and a page may
// use the route table), evaluated only after both modules have loaded.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Source files under `dirs` (relative to `root`), skipping node_modules and dot folders. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return out.sort();
}

/** The file a relative specifier names (the repo writes extensions; bare paths and folders are tried too). */
function resolve(from: string, spec: string, known: ReadonlySet<string>): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (known.has(c)) return c;
  return null;
}

/** The specifiers of a file's static imports and re-exports (top-level statements only: that is where they are). */
function staticSpecifiers(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier) {
      if (ts.isStringLiteral(st.moduleSpecifier)) out.push(st.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference)) {
      const e = st.moduleReference.expression;
      if (ts.isStringLiteral(e)) out.push(e.text);
    }
  }
  return out;
}

/** file → the files it imports statically (type-only imports and re-exports included). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const deps = new Set<string>();
    for (const fileName of staticSpecifiers(f)) {
      if (!fileName.startsWith('.')) continue;
      const to = resolve(f, fileName, known);
      if (to) deps.add(to);
    }
    graph.set(f, [...deps]);
  }
  return graph;
}

/** Strongly connected groups of more than one file (or a file importing itself): each holds a cycle. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep tree cannot overflow the stack.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const deps = graph.get(top.node) ?? [];
      if (top.i < deps.length) {
        const d = deps[top.i++]!;
        if (!index.has(d)) {
          index.set(d, next);
          low.set(d, next++);
          stack.push(d);
          onStack.add(d);
          work.push({ node: d, i: 0 });
        } else if (onStack.has(d)) low.set(top.node, Math.min(low.get(top.node)!, index.get(d)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          group.push(n);
        } while (n !== top.node);
        if (group.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) groups.push(group.sort());
      }
    }
  }
  return groups;
}
