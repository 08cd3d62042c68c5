// What each server was seen to do where the spec is silent (where its session answers put the access
// token, whether its auth calls want a Bearer token), kept in the data folder so that the next
// sign-in reads the right place first and does not need a refused call to learn it again. Nothing
// secret: names of headers, cookies and fields only. Writing is best effort: a full disk costs
// only the shortcut.
import path from 'node:path';
import type { ServerHabits } from '../api/auth-api.ts';
import type { TokenSource } from '../api/token-capture.ts';
import { readJsonFile, writeJsonFile } from '../shared/json-file.ts';

interface HabitsFile {
  version: 1;
  servers: Record<string, ServerHabits>;
}

const SOURCES: readonly TokenSource[] = ['header', 'cookie', 'redirect', 'body'];

export function createServerHabits(dataDir: string) {
  const file = path.join(dataDir, 'server-habits.json');
  const load = (): HabitsFile => {
    const data = readJsonFile<HabitsFile | null>(file, null);
    return data && data.version === 1 && data.servers && typeof data.servers === 'object' ? data : { version: 1, servers: {} };
  };
  return {
    get(baseUrl: string): ServerHabits {
      const found = load().servers[baseUrl];
      if (!found || typeof found !== 'object') return {};
      const token = found.token && SOURCES.includes(found.token.source) && typeof found.token.name === 'string' ? found.token : null;
      return { token, authBearer: found.authBearer === true };
    },
    set(baseUrl: string, habits: ServerHabits): void {
      const data = load();
      data.servers[baseUrl] = { token: habits.token ?? null, authBearer: habits.authBearer === true };
      try {
        writeJsonFile(file, data);
      } catch {
        // best effort, see above
      }
    },
  };
}
export type ServerHabitsStore = ReturnType<typeof createServerHabits>;
