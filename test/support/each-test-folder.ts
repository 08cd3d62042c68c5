// A fresh folder for each test, removed after it.
import { afterEach, beforeEach } from 'vitest';
import { tempDir } from './temp-dir.ts';

/** Registers the hooks of the test file (or describe block) it is called in; `use` is handed each test's folder before the test runs. */
export function eachTestFolder(use: (folder: string) => void): void {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
    use(dir.path);
  });
  afterEach(() => dir.remove());
}
