// The one log (electron/core/shared/log): secrets taken out by the logger whatever the caller
// passed, a file a day in the data folder, capped in size, old days deleted, and the echo the CLI's
// --verbose and the browser host's terminal read. Real files in a temp folder.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAisleLogger } from '../../electron/core/entrances/log.ts';
import { REDACTED } from '../../electron/core/shared/log/secret-scrub.ts';
import { logEntries, logText } from '../support/read-logs.ts';
import { tempDir } from '../support/temp-dir.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzb2xvQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJlLXNlY3JldC12YWx1ZQ';

describe('the Aisle log', () => {
  const dirs: ReturnType<typeof tempDir>[] = [];
  const folder = () => {
    const dir = tempDir('aisle-log-');
    dirs.push(dir);
    return dir.path;
  };
  afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

  it('redacts secrets a caller passed by mistake: fields named like one, at any depth, and tokens inside texts', () => {
    const dataDir = folder();
    const log = createAisleLogger(dataDir, { host: 'cli' });
    log.warn(`request failed: Authorization: Bearer ${JWT}`, {
      password: 'hunter2-password',
      accessToken: 'access-token-value-1',
      refresh_token: 'refresh-token-value-2',
      pin: '90817263',
      request: { headers: { Authorization: 'Basic c29sbzpodW50ZXIy', Cookie: 'JSESSIONID=cookie-value-3', Accept: 'application/json' } },
      url: 'http://wms.example/v1/auth?password=query-secret-4&page=2',
      note: `token was ${JWT}`,
      errors: [new Error(`refresh with ${JWT} refused`)],
    });
    const text = logText(dataDir);
    for (const secret of ['hunter2-password', 'access-token-value-1', 'refresh-token-value-2', '90817263', 'c29sbzpodW50ZXIy', 'cookie-value-3', 'query-secret-4', JWT, JWT.split('.')[2]!]) {
      expect(text, secret).not.toContain(secret);
    }
    const [entry] = logEntries(dataDir);
    expect(entry).toMatchObject({
      level: 'warn',
      host: 'cli',
      message: `request failed: Authorization: ${REDACTED} ${REDACTED}`,
      password: REDACTED,
      accessToken: REDACTED,
      pin: REDACTED,
      request: { headers: { Authorization: REDACTED, Cookie: REDACTED, Accept: 'application/json' } },
      url: `http://wms.example/v1/auth?password=${REDACTED}&page=2`,
    });
    // what is not a secret stays readable
    expect(entry!.errors).toEqual([{ name: 'Error', message: `refresh with ${REDACTED} refused` }]);
  });

  it('writes one file a day, rolls a day past its cap, and deletes the days past those kept', () => {
    const dataDir = folder();
    const logs = path.join(dataDir, 'logs');
    mkdirSync(logs, { recursive: true });
    for (const day of ['2026-03-01', '2026-03-05', '2026-03-06']) writeFileSync(path.join(logs, `aisle-${day}.log`), '{}\n');
    let now = new Date('2026-03-07T10:00:00Z');
    const log = createAisleLogger(dataDir, { host: 'browser', maxBytes: 400, keepDays: () => 2, now: () => now });
    for (let n = 0; n < 5; n++) log.info('a line of about a hundred bytes', { n });
    expect(readdirSync(logs).sort()).toEqual(['aisle-2026-03-06.log', 'aisle-2026-03-07.1.log', 'aisle-2026-03-07.log']);
    for (const file of readdirSync(logs)) expect(readFileSync(path.join(logs, file)).length).toBeLessThanOrEqual(400);
    now = new Date('2026-03-08T00:00:01Z');
    log.info('the next day');
    expect(readdirSync(logs).sort()).toEqual(['aisle-2026-03-07.1.log', 'aisle-2026-03-07.log', 'aisle-2026-03-08.log']);
    expect(log.file()).toBe(path.join(logs, 'aisle-2026-03-08.log'));
  });

  it('writes from the least level asked, and echoes readable lines from the echo level', () => {
    const dataDir = folder();
    const echoed: string[] = [];
    const log = createAisleLogger(dataDir, { host: 'cli', level: 'debug', echo: (line) => echoed.push(line), echoLevel: 'debug' });
    log.debug('cli: sync started', { server: 'demo' });
    log.error('mirror: cannot open the offline data file', { error: 'EACCES' });
    expect(echoed).toEqual(['aisle debug: cli: sync started {"server":"demo"}', 'aisle error: mirror: cannot open the offline data file {"error":"EACCES"}']);
    const quiet = createAisleLogger(folder(), { host: 'cli', echo: (line) => echoed.push(line) });
    quiet.debug('not written');
    quiet.info('written, not echoed');
    expect(echoed).toHaveLength(2);
  });
});
