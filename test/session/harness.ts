// A session service as core.ts builds it, over a temp data folder, a manual clock and fast retries.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EventName, Events } from '../../electron/contract/events.ts';
import { silentLogger, type CoreContext, type SecretBox } from '../../electron/core/context.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { createSessionService, type SessionService } from '../../electron/core/session/session-service.ts';
import { createMemorySettingsStore, type SettingsStore } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ManualClock } from './manual-clock.ts';

export const FAST_RETRY = { retries: 1, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 };
export const CHEAP_SCRYPT = { N: 1024, r: 8, p: 1 };

/** A SecretBox like safeStorage: AES-GCM under a key that lives only in this process. */
export function testSecretBox(): SecretBox {
  const key = randomBytes(32);
  return {
    isAvailable: () => true,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export interface Harness {
  dataDir: string;
  clock: ManualClock;
  events: CoreEvents;
  settings: SettingsStore;
  seen: { [E in EventName]?: Events[E][] };
  service: SessionService;
  /** Resolves with the first event (from now on) that satisfies `match`. */
  next<E extends EventName>(event: E, match?: (payload: Events[E]) => boolean): Promise<Events[E]>;
  /** A second service over the same data folder (a restart). */
  restart(): Harness;
  close(): Promise<void>;
}

export interface HarnessOptions {
  secrets?: SecretBox | null;
  startDemoServer?: () => Promise<{ url: string }>;
  dataDir?: string;
  idleLock?: boolean;
}

export function harness(options: HarnessOptions = {}): Harness {
  const dir = options.dataDir ? null : tempDir('aisle-session-');
  const dataDir = options.dataDir ?? dir!.path;
  const events = new CoreEvents();
  const seen: Harness['seen'] = {};
  for (const name of ['session.changed', 'connectivity.changed'] as const) {
    events.on(name, (payload) => ((seen[name] ??= []) as unknown[]).push(payload));
  }
  const clock = new ManualClock();
  const settings = createMemorySettingsStore();
  const ctx: CoreContext = {
    deps: { host: 'cli', version: '0.0.0', dataDir, settings, secrets: options.secrets, startDemoServer: options.startDemoServer, idleLock: options.idleLock },
    events,
    log: silentLogger,
    requests: createRequestLog(),
  };
  const service = createSessionService(ctx, {
    clock,
    scrypt: CHEAP_SCRYPT,
    http: { timeoutMs: 5_000, retry: FAST_RETRY },
    // Online re-checks far out, so that the soonest timer is the session's own refresh.
    monitor: { onlineIntervalMs: 24 * 3_600_000, retryBaseMs: 1_000, retryMaxMs: 8_000 },
  });
  const h: Harness = {
    dataDir,
    clock,
    events,
    settings,
    seen,
    service,
    next(event, match = () => true) {
      return new Promise((resolve) => {
        const off = events.on(event, (payload) => {
          if (!match(payload)) return;
          off();
          resolve(payload);
        });
      });
    },
    restart: () => harness({ ...options, dataDir }),
    async close() {
      await service.close();
      dir?.remove();
    },
  };
  return h;
}
