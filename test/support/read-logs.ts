// Every line the hosts logged in a data folder (all days' files, oldest first), as text and as entries.
import { readFileSync } from 'node:fs';
import { listLogFiles } from '../../electron/core/shared/log/daily-log-file.ts';

export function logText(dataDir: string): string {
  return listLogFiles(dataDir)
    .map((file) => readFileSync(file, 'utf8'))
    .join('');
}

export function logEntries(dataDir: string): Record<string, unknown>[] {
  return logText(dataDir)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
