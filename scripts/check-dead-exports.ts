// `npm run lint`, after ESLint: every export of the product (electron/, renderer/) is imported by
// some other file of the product. An export that only tests import is code the product does not
// run; tests drive the code the product runs instead. Why a small script rather than knip or
// ts-prune: docs/decisions/0019-dead-exports.md.
//   node scripts/check-dead-exports.ts        prints each dead export as `file: name`, exits 1 if any
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const projectRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const PRODUCT = ['electron', 'renderer/src', 'scripts'];
// Files outside those folders that use the product's code: the build's and the linter's settings.
const USERS = ['electron.vite.config.ts', 'eslint.config.js'];
// Files run or loaded by name rather than imported (the build's inputs, the hosts' starts, workers).
const ENTRIES = new Set([
  'electron/main/index.ts',
  'electron/preload/index.ts',
  'electron/core/sync/sync-worker.ts',
  'electron/core/db/write/search-index-worker.mjs',
  'electron/hosts/start.ts',
  'electron/hosts/cli/bin.mjs',
  'electron/hosts/cli/cli.ts',
  'renderer/src/main.ts',
]);
// Dead exports left for a decision that is not this check's to make, each with why. An entry that
// is no longer dead fails the check too, so that this list only shrinks.
const KNOWN: Record<string, string> = {
  'electron/core/lookup/search.ts: lookupExact':
    "the benchmarks time it as Aisle's exact lookup while a scan in the app goes through searchAll: either the scan path uses it or the benchmarks time searchAll",
};
// Import specifiers that name a product folder rather than a path (renderer/tsconfig.json's paths).
const ALIASES: Record<string, string> = { '@contract/': 'electron/contract/' };

interface ModuleFacts {
  /** Names this file declares and exports itself. */
  own: Set<string>;
  /** Exported name -> [source file, its name there], for `export { a as b } from './x'`. */
  forwarded: Map<string, [string, string]>;
  /** Files whose every export this one re-exports (`export * from './x'`). */
  starred: string[];
  /** [file, name] pairs this file imports; name '*' for a namespace or a dynamic import. */
  uses: [string, string][];
  /** How many times each name appears in this file (its declaration included). */
  mentions: Map<string, number>;
}

function productFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...productFiles(root, rel));
    else if (/\.(ts|mts|mjs|vue)$/.test(name)) out.push(rel);
  }
  return out;
}

function resolveImport(from: string, specifier: string, known: Set<string>): string | null {
  let base: string | null = null;
  for (const [alias, target] of Object.entries(ALIASES)) if (specifier.startsWith(alias)) base = target + specifier.slice(alias.length);
  if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (base === null) return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.vue`, `${base}/index.ts`];
  return candidates.find((c) => known.has(c)) ?? null;
}

function scriptOf(root: string, file: string): string {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!file.endsWith('.vue')) return text;
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

function factsOf(root: string, file: string, known: Set<string>): ModuleFacts {
  const source = ts.createSourceFile(file, scriptOf(root, file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const facts: ModuleFacts = { own: new Set(), forwarded: new Map(), starred: [], uses: [], mentions: new Map() };
  const target = (specifier: ts.Expression | undefined) => (specifier && ts.isStringLiteral(specifier) ? resolveImport(file, specifier.text, known) : null);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) facts.mentions.set(node.text, (facts.mentions.get(node.text) ?? 0) + 1);
    if (ts.isImportDeclaration(node)) {
      const from = target(node.moduleSpecifier);
      const clause = node.importClause;
      if (from && clause) {
        if (clause.name) facts.uses.push([from, 'default']);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) facts.uses.push([from, '*']);
        if (bindings && ts.isNamedImports(bindings)) for (const b of bindings.elements) facts.uses.push([from, (b.propertyName ?? b.name).text]);
      }
    } else if (ts.isExportDeclaration(node)) {
      const from = target(node.moduleSpecifier);
      const clause = node.exportClause;
      if (node.moduleSpecifier && !from) return;
      if (!clause) facts.starred.push(from!);
      else if (ts.isNamespaceExport(clause)) {
        facts.own.add(clause.name.text);
        facts.uses.push([from!, '*']);
      } else {
        for (const e of clause.elements) {
          const original = (e.propertyName ?? e.name).text;
          if (from) facts.forwarded.set(e.name.text, [from, original]);
          else facts.own.add(e.name.text);
        }
      }
    } else if (ts.isExportAssignment(node)) {
      facts.own.add('default');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const from = target(node.arguments[0]);
      if (from) facts.uses.push([from, '*']);
    } else if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      const isDefault = ts.getModifiers(node)!.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) facts.own.add('default');
      else if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) facts.own.add(d.name.text);
      } else {
        const name = (node as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) facts.own.add(name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/**
 * Every `file: name` of the product that the product never uses: no other product file imports
 * it, and its own file does not use it either. (An export its own file uses is code the product
 * runs, exported so that a unit test can reach it directly; an export nothing else uses is code
 * only tests run.)
 */
export function deadExports(root = projectRoot): string[] {
  const files = [...PRODUCT.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) => productFiles(root, dir)), ...USERS.filter((file) => existsSync(path.join(root, file)))];
  const known = new Set(files);
  const facts = new Map(files.map((f) => [f, factsOf(root, f, known)]));
  const used = new Set<string>();
  const exportsOf = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const f = facts.get(file);
    return f ? [...f.own, ...f.forwarded.keys(), ...f.starred.flatMap((s) => exportsOf(s, seen))] : [];
  };
  const use = (file: string, name: string, seen = new Set<string>()): void => {
    const key = `${file}: ${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const f = facts.get(file);
    if (!f) return;
    if (name === '*') {
      for (const each of exportsOf(file)) use(file, each, seen);
      return;
    }
    if (f.own.has(name)) used.add(key);
    const forwarded = f.forwarded.get(name);
    if (forwarded) {
      used.add(key);
      use(forwarded[0], forwarded[1], seen);
    }
    for (const s of f.starred) if (exportsOf(s).includes(name)) use(s, name, seen);
  };
  for (const [file, f] of facts) for (const [from, name] of f.uses) if (from !== file) use(from, name);
  const dead: string[] = [];
  for (const [file, f] of facts) {
    if (ENTRIES.has(file) || USERS.includes(file) || /\.(vue|d\.mts)$/.test(file) || file.startsWith('scripts/')) continue;
    for (const name of f.own) if (!used.has(`${file}: ${name}`) && (f.mentions.get(name) ?? 0) < 2) dead.push(`${file}: ${name}`);
    for (const name of f.forwarded.keys()) if (!used.has(`${file}: ${name}`)) dead.push(`${file}: ${name} (passed on from elsewhere)`);
  }
  return dead.sort();
}

if (import.meta.filename === process.argv[1]) {
  const found = deadExports();
  const dead = found.filter((line) => !(line in KNOWN));
  const revived = Object.keys(KNOWN).filter((line) => !found.includes(line));
  for (const line of dead) process.stdout.write(`${line}\n`);
  if (dead.length) process.stderr.write(`${dead.length} export(s) that the product never uses (only tests, or nothing): make the product use them, or remove them and let the tests drive what the product runs.\n`);
  for (const line of revived) process.stderr.write(`${line} is used now: take it off KNOWN in scripts/check-dead-exports.ts.\n`);
  if (dead.length || revived.length) process.exit(1);
}
