// The prebuilt CLI bundle (`npm run build:cli`, also run by `npm install`): the CLI's TypeScript
// compiled ahead of time into plain JavaScript, so a quick command pays neither Node's type stripping
// nor the linking of some thirty source files. Plain JavaScript itself: bin.mjs reads it before
// any TypeScript is loaded. The bundle runs only while every source file it was built from is the
// file it was built from (same size, same modification time); else bin.mjs runs the sources, so an
// edited or checked-out source is never answered by an older bundle.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root, where the inputs' paths start. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where `npm run build:cli` writes the bundle. */
export const DEFAULT_BUNDLE_DIR = path.join(ROOT, 'out', 'cli');
/** The bundle's entry (cli.ts compiled) and the list of the sources it was built from. */
export const ENTRY_FILE = 'cli.js';
export const INPUTS_FILE = 'inputs.json';

/** Size and modification time of each file, by its path from the root: what the bundle was built from. */
export function describeInputs(files) {
  const inputs = {};
  for (const file of files) {
    const stat = statSync(path.resolve(ROOT, file));
    inputs[path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join('/')] = [stat.size, stat.mtimeMs];
  }
  return inputs;
}

/**
 * The file URL of the bundle's entry in `dir` when it exists and every input is unchanged; null
 * when there is no bundle (never built, or a build that failed half way) or a source has changed.
 */
export function freshBundle(dir = DEFAULT_BUNDLE_DIR) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(dir, INPUTS_FILE), 'utf8')).inputs;
    statSync(path.join(dir, ENTRY_FILE));
  } catch {
    return null;
  }
  if (!inputs || typeof inputs !== 'object' || Object.keys(inputs).length === 0) return null;
  for (const [file, [size, mtimeMs]] of Object.entries(inputs)) {
    let stat;
    try {
      stat = statSync(path.join(ROOT, file));
    } catch {
      return null; // a source the bundle holds is gone
    }
    if (stat.size !== size || stat.mtimeMs !== mtimeMs) return null;
  }
  return pathToFileURL(path.resolve(dir, ENTRY_FILE)).href;
}
