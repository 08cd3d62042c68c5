// A mirror's identity keeps the server address's path exactly: two tenants of one host whose paths
// differ only in case are two mirrors. A mirror made before, under the name that lower-cased the
// whole address, is still found for its own identity, and only for it.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger, type CoreContext } from '../../electron/core/context.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { getMeta } from '../../electron/core/db/read/meta.ts';
import { putMetaEntries } from '../../electron/core/db/write/meta.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { createMirrorManager, mirrorFileName, mirrorFileOf, writeMirrorIdentity, type MirrorManager, type OpenMirror } from '../../electron/core/mirror/mirror-manager.ts';
import type { MirrorIdentity } from '../../electron/core/ports.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { sessionStub } from '../sync/session-stub.ts';

const UPPER: MirrorIdentity = { server: 'http://127.0.0.1:9/TenantA', email: 'ann@example.com', licenseId: 'lic-1' };
const LOWER: MirrorIdentity = { ...UPPER, server: 'http://127.0.0.1:9/tenanta' };

/** The name older versions gave a mirror: the hash of the whole address in lower case (the format on disk). */
function olderName(identity: MirrorIdentity): string {
  const key = [identity.server.replace(/\/+$/, '').toLowerCase(), identity.email.trim().toLowerCase(), identity.licenseId].join('\n');
  return `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.sqlite`;
}

let dir: ReturnType<typeof tempDir>;
let mirrors: MirrorManager | null = null;
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await mirrors?.close();
  mirrors = null;
  dir.remove();
});

function opened(manager: MirrorManager): Promise<OpenMirror> {
  const now = manager.current();
  return now ? Promise.resolve(now) : new Promise((resolve) => manager.onChange((mirror) => mirror && resolve(mirror)));
}

describe('the mirror of a server address', () => {
  it('keeps the path case: /TenantA and /tenanta are two mirrors; scheme and host case are one', () => {
    expect(mirrorFileName(UPPER)).not.toBe(mirrorFileName(LOWER));
    expect(mirrorFileName({ ...UPPER, server: 'HTTP://LOCALHOST:9/TenantA/' })).toBe(mirrorFileName({ ...UPPER, server: 'http://localhost:9/TenantA' }));
    expect(mirrorFileName({ ...UPPER, email: ' Ann@Example.com ' })).toBe(mirrorFileName(UPPER));
  });

  it('finds a mirror made under the older name for its own identity only, and opens it', async () => {
    const older = path.join(dir.path, 'mirrors', olderName(UPPER));
    mkdirSync(path.dirname(older), { recursive: true });
    const db = openMirror(older);
    writeMirrorIdentity(db, UPPER);
    putMetaEntries(db, { kept_from_before: 'yes' });
    db.close();

    expect(mirrorFileOf(dir.path, UPPER)).toBe(older);
    // the other tenant, whose older name was the same file, is not shown its data
    expect(mirrorFileOf(dir.path, LOWER)).toBe(path.join(dir.path, 'mirrors', mirrorFileName(LOWER)));

    const ctx: CoreContext = { deps: { host: 'cli', version: '0', dataDir: dir.path, settings: createMemorySettingsStore() }, events: new CoreEvents(), log: silentLogger, requests: createRequestLog() };
    const session = sessionStub(ctx.events, { url: UPPER.server });
    session.signIn(UPPER.email, UPPER.licenseId);
    mirrors = createMirrorManager(ctx, session.port);
    const mirror = await opened(mirrors);
    expect(mirror.path).toBe(older);
    expect(getMeta(mirror.db, 'kept_from_before')).toBe('yes');
  });
});
