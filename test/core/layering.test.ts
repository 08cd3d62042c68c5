// VS Code-style layering rules, checked over the sources: what may import what.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function files(dir: string, ext = /\.(ts|vue|mjs)$/): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(rel, ext));
    else if (ext.test(entry.name)) out.push(rel);
  }
  return out;
}

function imports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

describe('layering', () => {
  it('core never imports electron, the hosts, main or the renderer', () => {
    const offenders = files('electron/core').flatMap((f) =>
      imports(f)
        .filter((i) => i === 'electron' || i.startsWith('electron/') || /\/(main|preload|hosts|renderer)\//.test(i) || i.includes('../main') || i.includes('../hosts'))
        .map((i) => `${f} -> ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('contract imports nothing but zod and itself', () => {
    const offenders = files('electron/contract').flatMap((f) =>
      imports(f)
        .filter((i) => !(i === 'zod' || i.startsWith('./')))
        .map((i) => `${f} -> ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the renderer imports only the contract (types and the zod-free client) from electron/', () => {
    const allowed = ['client.ts', 'types.ts', 'errors.ts', 'events.ts', 'methods.ts', 'hit-subtitle.ts', 'notices.ts', 'csv.ts', 'server-address.ts', 'probe-facts.ts'];
    const offenders = files('renderer/src').flatMap((f) => {
      const source = readFileSync(path.join(root, f), 'utf8');
      return imports(f)
        .filter((i) => i.includes('electron/') || i === 'electron' || i.startsWith('@contract/'))
        .filter((i) => {
          // the renderer reaches the contract through its alias (renderer/tsconfig.json's paths)
          const contractPath = i.startsWith('@contract/') ? `electron/contract/${i.slice('@contract/'.length)}` : i;
          if (!contractPath.includes('electron/contract/')) return true;
          const target = contractPath.split('electron/contract/')[1];
          if (!allowed.includes(target)) return true;
          // methods.ts and errors.ts carry runtime code (zod); only type imports are allowed
          if (target === 'methods.ts' || target === 'errors.ts') return !new RegExp(`import type [^;]*['"]${i.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`).test(source);
          return false;
        })
        .map((i) => `${f} -> ${i}`);
    });
    expect(offenders).toEqual([]);
  });
});
