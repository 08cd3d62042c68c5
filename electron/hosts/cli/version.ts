// The CLI's version: the one in package.json, read directly (no module of the app is needed for it).
import { existsSync, readFileSync } from 'node:fs';
import { CliError } from './command.ts';

/**
 * The version in package.json (read directly: no module of the app is needed for it). Looked for
 * upwards from this file, which runs from the sources and, compiled, from the bundle in out/cli/.
 */
export function cliVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (new URL('../', dir).href === dir.href) throw new CliError('package.json not found above the CLI.');
  }
}
