// The background warm-up of a mirror file: one sequential read that ends, and never throws.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { warmFile } from '../../electron/core/mirror/warm-file.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('warmFile', () => {
  it('reads a file larger than one chunk to its end, and shrugs at a file that is gone', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir.path, 'mirror.sqlite');
      writeFileSync(file, Buffer.alloc(9 * 1024 * 1024, 7));
      await expect(warmFile(file)).resolves.toBeUndefined();
      await expect(warmFile(path.join(dir.path, 'gone.sqlite'))).resolves.toBeUndefined();
      // Aborted (the mirror closed), it stops without reading on.
      let reads = 0;
      const signal = { get aborted() {
        return ++reads > 2;
      } } as AbortSignal;
      await warmFile(file, signal);
      expect(reads).toBe(3);
    } finally {
      dir.remove();
    }
  });
});
