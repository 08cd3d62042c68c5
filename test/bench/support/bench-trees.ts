// A worktree of a commit under test/.artifacts/, for the benchmarks that run an older commit's code
// beside this one (side-by-side.ts, lookup-pairs.ts): made when missing, with this tree's
// node_modules (only packages added since differ; the benches use none of them).
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/** The worktree of `commit` (a short hash), made when missing. */
export function benchTree(commit: string, log: (line: string) => void): string {
  const dir = path.join(REPO_ROOT, 'test/.artifacts', `bench-tree-${commit}`);
  if (!existsSync(dir)) {
    log(`making the worktree of ${commit} at ${path.relative(REPO_ROOT, dir)}`);
    git('worktree', 'add', '--force', '--detach', dir, commit);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
