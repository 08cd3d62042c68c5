// The docs name the files a reader should open, in backticks: each name must still be a file or
// folder of the repository, so that a move or a rename that leaves a page behind fails here. A
// name with a folder in it must match the end of a path (`db/read/search-hits.ts`); a bare file
// name, some file's name (`plan.ts`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const NOT_WALKED = new Set(['node_modules', '.git', 'out', 'dist', 'release', '.artifacts', '.tmp']);

// What Aisle, its build or a run writes, which the repository does not hold: a page names these as
// the places a user or IT finds them.
const WRITTEN_AT_RUN_TIME = new Set([
  'settings.json', 'kiosk.json', 'unlock-pins.json', 'recent-records.json', 'offline-verifiers.json',
  'server-habits.json', 'field-map.json', 'last-sync-failure.json', 'mirrors/', 'scan-lists/', 'out/', 'out/cli/', 'out/cli/inputs.json',
  'release/', 'test/.artifacts/', 'test/.artifacts/screens/', 'policy.json', 'policy.last-good.json', 'logs/',
  // the update feed's files, written by `npm run dist` beside the installers
  'latest.yml', 'latest-linux.yml', 'latest-mac.yml',
]);

/** Every file and folder of the repository, as paths from its root (folders end with '/'). */
function repositoryPaths(dir = root, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_WALKED.has(entry.name)) continue;
    const rel = path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/');
    if (entry.isDirectory()) {
      into.push(`${rel}/`);
      repositoryPaths(path.join(dir, entry.name), into);
    } else into.push(rel);
  }
  return into;
}

const PATH_LIKE = /^[\w.@-]+(\/[\w.@-]+)*(\/|\.(ts|mjs|cjs|js|vue|md|sql|ya?ml|json|html|css))$/;

/** The names in backticks of a page that look like a file or folder of the repository. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...new Set(spans.filter((s) => PATH_LIKE.test(s) && !s.startsWith('@') && !WRITTEN_AT_RUN_TIME.has(s)))];
}

/** Whether a named path is a repository path, or the end of one after a folder boundary. */
function isInRepository(named: string, paths: string[]): boolean {
  return paths.some((p) => p === named || p.endsWith(`/${named}`));
}

const pagesIn = (folder: string) => readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.md')).map((f) => `${folder}/${f}`);
const pages = ['README.md', ...pagesIn('docs'), ...pagesIn('docs/decisions')];

describe('the docs name files that exist', () => {
  const paths = repositoryPaths();

  it.each(pages)('%s', (page) => {
    const named = namedPaths(readFileSync(path.join(root, page), 'utf8'));
    expect(named.filter((n) => !isInRepository(n, paths))).toEqual([]);
  });

  it('reads a name as a path only where it is one, and finds a moved or renamed file missing', () => {
    expect(namedPaths('`electron/core/db/read/search-hits.ts`, `plan.ts`, `renderer/src/shared/api/`, `npm start`, `<userData>/settings.json`, `{ ok: true }`')).toEqual([
      'electron/core/db/read/search-hits.ts',
      'plan.ts',
      'renderer/src/shared/api/',
    ]);
    expect(isInRepository('db/read/search-hits.ts', paths)).toBe(true);
    expect(isInRepository('round/plan.ts', paths)).toBe(true);
    expect(isInRepository('ead/search-hits.ts', paths)).toBe(false);
    expect(isInRepository('electron/core/mirror/content-hash.ts', paths)).toBe(false);
  });

  // The map explains the core by folder, not file by file (a file's first lines say what it holds),
  // so a renamed file does not date it; a folder added without a word in the map fails here.
  it("docs/architecture.md's folder tree names every folder of electron/core", () => {
    const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const folders = readdirSync(path.join(root, 'electron/core'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((name) => !new RegExp(`(^|\\s)${name}/`, 'm').test(text))).toEqual([]);
  });
});
