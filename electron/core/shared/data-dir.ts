import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The data folder used when no Electron `app.getPath('userData')` is at hand (browser host, CLI).
 * It is the same folder Electron uses for an app named "Aisle", so the CLI can prepare a
 * workstation's mirror before the app first opens. `AISLE_DATA_DIR` overrides it.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.AISLE_DATA_DIR) return path.resolve(env.AISLE_DATA_DIR);
  const home = homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Aisle');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Aisle');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Aisle');
}
