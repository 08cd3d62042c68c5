// No import circle anywhere in electron/, and the core's layers (electron/core/layers.ts) hold over
// the imports as TypeScript resolves them. ESLint checks the same layers file by file
// (eslint.config.js); this walks the whole graph, so a circle through several folders is seen too.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layerOf, mayImport } from '../../electron/core/layers.ts';
import { importCircles, importGraph } from '../support/import-graph.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const electron = path.join(root, 'electron');
const core = path.join(electron, 'core');
const graph = importGraph(electron);
const rel = (file: string, from = root) => path.relative(from, file).split(path.sep).join('/');

describe('import graph', () => {
  const fixture = tempDir();
  afterAll(() => fixture.remove());

  it('finds a circle that runs through a type-only import, and none where there is none', () => {
    mkdirSync(path.join(fixture.path, 'src/parts'), { recursive: true });
    writeFileSync(path.join(fixture.path, 'src/root.ts'), "import { part } from './parts/part.ts';\nexport interface Deps { n: number }\nexport const all = part;\n");
    writeFileSync(path.join(fixture.path, 'src/parts/part.ts'), "import type { Deps } from '../root.ts';\nexport const part = (deps: Deps) => deps.n;\n");
    writeFileSync(path.join(fixture.path, 'src/parts/leaf.ts'), "import { part } from './part.ts';\nexport const leaf = part;\n");
    const circles = importCircles(importGraph(path.join(fixture.path, 'src')));
    expect(circles.map((circle) => circle.map((file) => rel(file, fixture.path)))).toEqual([['src/parts/part.ts', 'src/root.ts']]);
  });

  it('sees the real sources, imports resolved', () => {
    expect(graph.get(path.join(core, 'core.ts'))).toContain(path.join(core, 'context.ts'));
    expect(graph.get(path.join(core, 'context.ts'))).toContain(path.join(core, 'api/request-log.ts'));
  });

  it('has no import circle anywhere in electron/', () => {
    expect(importCircles(graph).map((circle) => circle.map((file) => rel(file)))).toEqual([]);
  });

  it('lets the hosts and main into the core only by its entrances', () => {
    const entrance = (file: string) => file === path.join(core, 'index.ts') || path.dirname(file) === path.join(core, 'entrances');
    const hosts = [path.join(electron, 'hosts'), path.join(electron, 'main')];
    const deep = [...graph]
      .filter(([file]) => hosts.some((host) => file.startsWith(host + path.sep)))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith(core + path.sep) && !entrance(target)).map((target) => `${rel(file)} -> ${rel(target)}`));
    expect(deep).toEqual([]);
  });

  it("puts every core file in a layer, and no core file imports a layer above or beside its own", () => {
    const unplaced: string[] = [];
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      if (!file.startsWith(core + path.sep)) continue;
      const from = layerOf(rel(file, core));
      if (!from) {
        unplaced.push(rel(file));
        continue;
      }
      for (const target of targets) {
        const to = target.startsWith(core + path.sep) ? layerOf(rel(target, core)) : null;
        if (to && !mayImport(from, to)) upward.push(`${rel(file)} (${from.name}) -> ${rel(target)} (${to.name})`);
      }
    }
    expect(unplaced).toEqual([]);
    expect(upward).toEqual([]);
  });
});
