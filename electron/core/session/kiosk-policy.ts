// Kiosk mode, as IT sets it for a workstation: `<dataDir>/kiosk.json`, written by `aisle kiosk on`
// (or pushed like settings.json). Its presence is the policy: the window fills the screen, there is
// no menu and no developer tools, and Aisle closes only for the exit password, whose salted scrypt
// key the file holds; it may also pin the server everyone signs in to, so that nobody passing by
// can point the sign-in at a look-alike server and collect the next person's password. It is not a
// setting: nothing the window can call changes it, and it is read once, when Aisle starts.
// It sits with the session because sign-in obeys the server it pins; the policy's type is in
// context.ts, since a host hands it to the core.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { KioskPolicy } from '../context.ts';
import { normalizeBaseUrl } from '../api/http-client.ts';
import { DEFAULT_SCRYPT, makeKey, type ScryptCost } from './offline-verifier.ts';
import { removeFile, writeJsonFile } from '../shared/json-file.ts';

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/).max(200);

const policyFileSchema = z.strictObject({
  version: z.literal(1),
  exitPassword: z.strictObject({
    salt: base64,
    hash: base64,
    // bounded: a file asking for a huge cost would freeze the window on every try
    cost: z.strictObject({
      N: z.number().int().min(2 ** 10).max(2 ** 20).refine((n) => (n & (n - 1)) === 0, 'a power of 2'),
      r: z.number().int().min(1).max(32),
      p: z.number().int().min(1).max(16),
    }),
  }),
  /** The one server sign-ins go to: 'demo' or an http(s) address. */
  server: z.string().max(2048).refine((s) => serverOrNull(s) !== null, 'demo or an http(s) address').optional(),
});

/** 'demo', an address as normalizeBaseUrl writes it, or null for anything else. */
export function serverOrNull(server: string): string | null {
  if (server.trim().toLowerCase() === 'demo') return 'demo';
  try {
    return normalizeBaseUrl(server);
  } catch {
    return null;
  }
}

export const KIOSK_FILE = 'kiosk.json';

/**
 * The kiosk policy: the machine policy's `kiosk` entry when it has one (IT's file wins), else the
 * data folder's kiosk.json.
 */
export function readKioskPolicy(dataDir: string, fromMachinePolicy: Record<string, unknown> | null = null): KioskPolicy {
  if (fromMachinePolicy) {
    const parsed = policyFileSchema.safeParse({ version: 1, ...fromMachinePolicy });
    if (!parsed.success) return { enabled: true, exit: null, server: null, problem: `the machine policy's kiosk entry is not a kiosk policy: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    return { enabled: true, exit: parsed.data.exitPassword, server: parsed.data.server === undefined ? null : serverOrNull(parsed.data.server) };
  }
  const file = path.join(dataDir, KIOSK_FILE);
  if (!existsSync(file)) return { enabled: false };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return { enabled: true, exit: null, server: null, problem: `${KIOSK_FILE} cannot be read: ${(error as Error).message}` };
  }
  const parsed = policyFileSchema.safeParse(data);
  if (!parsed.success) return { enabled: true, exit: null, server: null, problem: `${KIOSK_FILE} is not a kiosk policy: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  return { enabled: true, exit: parsed.data.exitPassword, server: parsed.data.server === undefined ? null : serverOrNull(parsed.data.server) };
}

/**
 * Turns kiosk mode on, for the next start, with this exit password and, if given, the one server to
 * sign in to ('demo' or an address; invalid_argument for anything else).
 */
export async function writeKioskPolicy(dataDir: string, password: string, options: { server?: string; cost?: ScryptCost } = {}): Promise<void> {
  // an address that is not one: normalizeBaseUrl says what is wrong with it
  const server = options.server === undefined ? undefined : (serverOrNull(options.server) ?? normalizeBaseUrl(options.server));
  const exitPassword = await makeKey(password, options.cost ?? DEFAULT_SCRYPT);
  writeJsonFile(path.join(dataDir, KIOSK_FILE), { version: 1, exitPassword, server });
}

/**
 * The one server sign-ins may go to, or null for any: the policy's pin; for a policy that cannot be
 * read, the workstation's own server (IT's on a kiosk: the window cannot change it), since the
 * damaged file may have pinned one and a kiosk must not fall open to any server.
 */
export function pinnedServerOf(policy: KioskPolicy, workstationServer: string): string | null {
  if (!policy.enabled) return null;
  if (policy.problem === undefined) return policy.server;
  return serverOrNull(workstationServer) ?? workstationServer;
}

/** Whether a server as typed is the pinned one ('demo' in any case; an address once normalized). */
export function isPinnedServer(requested: string, pinned: string): boolean {
  return serverOrNull(requested) === pinned;
}

/** Turns kiosk mode off, for the next start. */
export function removeKioskPolicy(dataDir: string): void {
  removeFile(path.join(dataDir, KIOSK_FILE));
}
