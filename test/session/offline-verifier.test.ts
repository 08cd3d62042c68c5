import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { createOfflineVerifier, FREE_ATTEMPTS, lockoutMs } from '../../electron/core/session/offline-verifier.ts';
import { tempDir } from '../support/temp-dir.ts';

const cheap = { N: 1024, r: 8, p: 1 };
const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

/** A verifier whose wall clock is `now`, and whose never-back clock is `elapsed` (by default the same test clock). */
function fresh(now = () => Date.now(), elapsed = now) {
  const dir = tempDir();
  dirs.push(dir);
  return { dir: dir.path, verifier: createOfflineVerifier(dir.path, { cost: cheap, now, elapsed }) };
}

const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => e.code);

describe('offline verifier', () => {
  it('keeps a salted scrypt verifier, never the password, in a 0600 file', async () => {
    const { dir, verifier } = fresh();
    await verifier.remember('http://s', 'Ann@Example.com', 'pässword');
    const file = path.join(dir, 'offline-verifiers.json');
    const text = (await import('node:fs')).readFileSync(file, 'utf8');
    expect(text).not.toContain('pässword');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await codeOf(verifier.verify('http://s', 'ann@example.com ', 'pässword'))).toBe('ok');
    expect(await codeOf(verifier.verify('http://s', 'ann@example.com', 'other'))).toBe('wrong_credentials');
    expect(await codeOf(verifier.verify('http://other', 'ann@example.com', 'pässword'))).toBe('offline');
    // Two verifiers of the same password differ (random salt).
    await verifier.remember('http://t', 'ann@example.com', 'pässword');
    const users = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')).users;
    const [a, b] = Object.values(users) as { salt: string; hash: string }[];
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it('locks out after repeated wrong passwords, exponentially, across restarts', async () => {
    let now = Date.now();
    const { dir, verifier } = fresh(() => now);
    await verifier.remember('s', 'e', 'right');
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await codeOf(verifier.verify('s', 'e', 'wrong'))).toBe('wrong_credentials');
    const locked = (await verifier.verify('s', 'e', 'right').catch((e: unknown) => e)) as AisleError;
    expect(locked.code).toBe('too_many_attempts');
    expect(locked.retryAfterSeconds).toBe(lockoutMs(FREE_ATTEMPTS) / 1000);
    // A restart does not reset the count.
    const again = createOfflineVerifier(dir, { cost: cheap, now: () => now, elapsed: () => now });
    expect(await codeOf(again.verify('s', 'e', 'right'))).toBe('too_many_attempts');
    now += lockoutMs(FREE_ATTEMPTS);
    expect(await codeOf(again.verify('s', 'e', 'wrong'))).toBe('wrong_credentials');
    expect(lockoutMs(FREE_ATTEMPTS + 1)).toBe(2 * lockoutMs(FREE_ATTEMPTS));
    const second = (await again.verify('s', 'e', 'right').catch((e: unknown) => e)) as AisleError;
    expect(second.retryAfterSeconds).toBe(lockoutMs(FREE_ATTEMPTS + 1) / 1000);
    now += lockoutMs(FREE_ATTEMPTS + 1);
    expect(await codeOf(again.verify('s', 'e', 'right'))).toBe('ok');
    expect(await codeOf(again.verify('s', 'e', 'wrong'))).toBe('wrong_credentials'); // count was reset
    expect(await codeOf(again.verify('s', 'e', 'right'))).toBe('ok');
  });

  it('times a lockout on a clock that never runs back: a wall clock set back does not stretch it', async () => {
    let wall = Date.parse('2026-11-29T10:00:00Z');
    let elapsed = 1_000;
    const { verifier } = fresh(() => wall, () => elapsed);
    await verifier.remember('s', 'e', 'right');
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await codeOf(verifier.verify('s', 'e', 'wrong'))).toBe('wrong_credentials');
    // 29 s of the 30 s lockout pass, then the wall clock is set back an hour (by hand, by a time server)
    elapsed += 29_000;
    wall += 29_000 - 3_600_000;
    const locked = (await verifier.verify('s', 'e', 'right').catch((e: unknown) => e)) as AisleError;
    expect(locked).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: 1 });
    elapsed += 1_000;
    wall += 1_000;
    expect(await codeOf(verifier.verify('s', 'e', 'right'))).toBe('ok');
  });

  it('a wall clock set forward does not shorten it either', async () => {
    let wall = Date.parse('2026-11-29T10:00:00Z');
    let elapsed = 1_000;
    const { verifier } = fresh(() => wall, () => elapsed);
    await verifier.remember('s', 'e', 'right');
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await codeOf(verifier.verify('s', 'e', 'wrong'))).toBe('wrong_credentials');
    elapsed += 10_000;
    wall += 24 * 3_600_000;
    expect(await verifier.verify('s', 'e', 'right').catch((e: unknown) => e)).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: 20 });
  });
});
