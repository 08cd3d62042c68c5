// The relay's small parts on their own: its configuration and password rules, who may see what,
// its routes, and the gzip members an answer is made of.
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { arrayOfChunks, changeElement, gzipChunk } from '../../electron/core/relay/chunk-format.ts';
import { seatMaySee, type SeatScope } from '../../electron/core/relay/seat-scope.ts';
import { readRelayConfig, scopePassword } from '../../electron/hosts/relay/relay-config.ts';
import { dataRoute } from '../../electron/hosts/relay/relay-http.ts';
import { tempDir } from '../support/temp-dir.ts';

const dir = tempDir('aisle-relay-parts-');
afterAll(() => dir.remove());

const config = {
  server: 'https://wms.example.com',
  postgres: 'postgres://relay@127.0.0.1/relay',
  listen: { host: '127.0.0.1', port: 8790 },
  dataDir: '/var/lib/aisle-relay',
  intervalMinutes: 5,
  scopes: [{ name: 'main', email: 'relay@example.com', passwordEnv: 'PW' }],
};

function configFile(value: unknown): string {
  const file = path.join(dir.path, `c-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('the relay configuration', () => {
  it('reads a whole one and refuses a scope with both or neither password source, naming the field', () => {
    expect(readRelayConfig(configFile(config)).scopes[0].name).toBe('main');
    expect(() => readRelayConfig(configFile({ ...config, scopes: [{ name: 'main', email: 'r@x', passwordEnv: 'A', passwordFile: '/f' }] }))).toThrow(/"scopes\[0\]" must be given exactly one of "passwordEnv" and "passwordFile"/);
    expect(() => readRelayConfig(configFile({ ...config, scopes: [{ name: 'main', email: 'r@x' }] }))).toThrow(/exactly one/);
    expect(() => readRelayConfig(configFile({ ...config, postgres: '' }))).toThrow(/"postgres" must be a PostgreSQL connection string/);
    expect(() => readRelayConfig(configFile({ ...config, scopes: [{ name: '../x', email: 'r@x', passwordEnv: 'A' }] }))).toThrow(/scopes\[0\]\.name/);
  });

  it('takes a password file only the service may read, and says how to fix one others can read', () => {
    const file = path.join(dir.path, 'pw');
    writeFileSync(file, 'secret\n');
    chmodSync(file, 0o640);
    expect(() => scopePassword({ name: 'main', email: 'r@x', passwordFile: file }, {})).toThrow(/may be read by others \(mode 640\): chmod 600 it/);
    chmodSync(file, 0o600);
    expect(scopePassword({ name: 'main', email: 'r@x', passwordFile: file }, {})).toBe('secret');
    expect(scopePassword({ name: 'main', email: 'r@x', passwordEnv: 'PW' }, { PW: 'from-env' })).toBe('from-env');
    expect(() => scopePassword({ name: 'main', email: 'r@x', passwordEnv: 'PW' }, {})).toThrow(/PW, which is not set/);
  });
});

describe('who may see what', () => {
  const seat = (facilities: string[]): SeatScope => ({ email: 's@x', licenseId: 'L1', facilities, expiresAt: 0 });
  it("a dataset of another license never; a facility's only when the profile names it, or names none", () => {
    expect(seatMaySee(seat([]), 'L2', 'global', null)).toBe(false);
    expect(seatMaySee(seat(['F1']), 'L1', 'global', null)).toBe(true);
    expect(seatMaySee(seat(['F1']), 'L1', 'account', 'A1')).toBe(true);
    expect(seatMaySee(seat(['F1']), 'L1', 'facility', 'F1')).toBe(true);
    expect(seatMaySee(seat(['F1']), 'L1', 'facility', 'F2')).toBe(false);
    expect(seatMaySee(seat([]), 'L1', 'facility', 'F2')).toBe(true);
  });
});

describe('the routes', () => {
  it('reads a changes and a whole route, with the key as sent (escaped), and nothing else', () => {
    expect(dataRoute('/relay/v1/changes/L1/items%40account%3AA1/3/5')).toEqual({ kind: 'changes', license: 'L1', key: 'items@account:A1', from: 3, to: 5 });
    expect(dataRoute('/relay/v1/whole/L1/items/7')).toEqual({ kind: 'whole', license: 'L1', key: 'items', at: 7 });
    expect(dataRoute('/relay/v1/changes/L1/items/x/5')).toMatchObject({ from: NaN });
    expect(dataRoute('/relay/v1/catalog')).toBeNull();
    expect(dataRoute('/relay/v1/whole/L1/items/7/8')).toBeNull();
  });
});

describe('an answer of chunks', () => {
  it('is one JSON array when its gzip members are read as one stream, each chunk compressed once', () => {
    const one = gzipChunk([changeElement({ id: 'a', hash: 1, generation: 2, raw: '{"id":"a","n":1.50}' })]);
    const two = gzipChunk([changeElement({ id: 'b', hash: null, generation: 3, raw: null }), changeElement({ id: 'c', hash: 9, generation: 3, raw: '{"id":"c"}' })]);
    const text = gunzipSync(Buffer.concat([...arrayOfChunks([one, two])])).toString('utf8');
    // the record's text is kept as sent (1.50, not 1.5)
    expect(text).toBe('[{"id":"a","hash":1,"generation":2,"record":{"id":"a","n":1.50}},{"id":"b","deleted":true,"generation":3},{"id":"c","hash":9,"generation":3,"record":{"id":"c"}}]');
    expect(JSON.parse(text)).toHaveLength(3);
  });
});
