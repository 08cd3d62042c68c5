// The machine policy: one JSON file IT deploys to every workstation (by GPO, MDM, a package), outside
// any user's reach: /etc/aisle/policy.json, %ProgramData%\Aisle\policy.json or
// /Library/Application Support/Aisle/policy.json (AISLE_POLICY_FILE names another, for tests and
// unusual deployments). A value it sets wins over the user's setting and cannot be changed from the
// app; it also says which servers may be signed in to, whether the demo warehouse is allowed, the
// update feed, and may carry the kiosk policy (kiosk.json in the data folder still works) and a
// field map (its lists win over the data folder's field-map.json).
// It is read once, at start. A policy that cannot be read is reported and the last good one, kept
// in the data folder each time a good one is read, stays in force; without one, the app's defaults.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { AisleError } from '../../contract/errors.ts';
import type { Settings } from '../../contract/types.ts';
import { readJsonFile, writeJsonFile } from '../shared/json-file.ts';
import type { SettingsStore } from './settings-store.ts';

export const POLICY_FILE_ENV = 'AISLE_POLICY_FILE';
/** Beside the settings: the last policy read whole, in force while the deployed one cannot be read. */
export const LAST_GOOD_POLICY_FILE = 'policy.last-good.json';

/** Where IT deploys the policy on this platform. */
export function machinePolicyPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env[POLICY_FILE_ENV]) return env[POLICY_FILE_ENV]!;
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Aisle', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Aisle/policy.json';
  return '/etc/aisle/policy.json';
}

/** 'demo' or an http(s) address. */
const server = z
  .string()
  .max(2048)
  .refine((s) => s.trim().toLowerCase() === 'demo' || /^https?:\/\/[^\s/]+/i.test(s.trim()), 'demo or an http(s) address');

const policySchema = z.strictObject({
  version: z.literal(1).optional(),
  server: server.optional(),
  allowedServers: z.array(server).min(1).max(50).optional(),
  syncIntervalMinutes: z.number().int().min(1).max(1440).optional(),
  offlineFacilities: z.array(z.string().min(1).max(200)).max(1000).optional(),
  lockAfterMinutes: z.number().int().min(0).max(1440).optional(),
  logKeepDays: z.number().int().min(1).max(365).optional(),
  siteRelay: z.boolean().optional(),
  siteRelayFallback: z.enum(['vendor', 'none']).optional(),
  demoAllowed: z.boolean().optional(),
  updateFeed: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  /** A PEM file of the company's CAs (a TLS-inspecting proxy's, an internal server's), trusted besides the usual ones. */
  caBundleFile: z.string().min(1).max(4096).optional(),
  /** The kiosk policy as kiosk.json holds it (without its version); the session layer reads it. */
  kiosk: z.record(z.string(), z.unknown()).optional(),
  /** Overrides of the field map, as field-map.json holds them; its entries are checked where the sync applies them. */
  fieldMap: z.record(z.string(), z.unknown()).optional(),
});
export type PolicyFile = z.infer<typeof policySchema>;

/** The settings a policy may set: it wins over the user's, and they show locked in settings. */
const POLICY_SETTINGS = ['server', 'syncIntervalMinutes', 'offlineFacilities', 'lockAfterMinutes', 'logKeepDays', 'siteRelay', 'siteRelayFallback'] as const satisfies readonly (keyof Settings & keyof PolicyFile)[];

export interface MachinePolicy {
  /** The file IT deploys (read or not). */
  file: string;
  /** Where what is in force came from: the file, the last good copy (the file could not be read), or nothing. */
  source: 'file' | 'last-good' | 'none';
  /** Why the file is not in force, in words IT can act on; null when it is, or when there is none. */
  problem: string | null;
  settings: Partial<Settings>;
  locked: (keyof Settings)[];
  /** Servers sign-in may use; null: any. */
  allowedServers: string[] | null;
  demoAllowed: boolean;
  updateFeed: string | null;
  caBundleFile: string | null;
  kiosk: Record<string, unknown> | null;
  /** The field map's overrides (lists/field-map-file.ts): its lists win over field-map.json's. */
  fieldMap: Record<string, unknown> | null;
}

export const NO_POLICY: MachinePolicy = { file: '', source: 'none', problem: null, settings: {}, locked: [], allowedServers: null, demoAllowed: true, updateFeed: null, caBundleFile: null, kiosk: null, fieldMap: null };

function inForce(file: string, source: MachinePolicy['source'], problem: string | null, data: PolicyFile): MachinePolicy {
  const settings: Partial<Settings> = {};
  for (const key of POLICY_SETTINGS) if (data[key] !== undefined) (settings as Record<string, unknown>)[key] = data[key];
  return {
    file,
    source,
    problem,
    settings,
    locked: Object.keys(settings) as (keyof Settings)[],
    allowedServers: data.allowedServers ?? null,
    demoAllowed: data.demoAllowed ?? true,
    updateFeed: data.updateFeed ?? null,
    caBundleFile: data.caBundleFile ?? null,
    kiosk: data.kiosk ?? null,
    fieldMap: data.fieldMap ?? null,
  };
}

/** The policy in force on this machine, for the data folder whose last good copy it keeps. */
export function readMachinePolicy(dataDir: string, file = machinePolicyPath()): MachinePolicy {
  const lastGood = path.join(dataDir, LAST_GOOD_POLICY_FILE);
  if (!existsSync(file)) return { ...NO_POLICY, file };
  let problem: string;
  try {
    const parsed = policySchema.safeParse(JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')));
    if (parsed.success) {
      try {
        if (!isDeepStrictEqual(readJsonFile(lastGood, null), parsed.data)) writeJsonFile(lastGood, parsed.data);
      } catch {
        // a read-only data folder: the policy is in force all the same
      }
      return inForce(file, 'file', null, parsed.data);
    }
    const issue = parsed.error.issues[0];
    problem = `${file} is not a valid Aisle policy: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}`;
  } catch (error) {
    problem = `${file} cannot be read: ${(error as Error).message}`;
  }
  const kept = policySchema.safeParse(readJsonFile(lastGood, null));
  if (kept.success) return inForce(file, 'last-good', `${problem}. The last good policy stays in force.`, kept.data);
  return { ...NO_POLICY, file, problem: `${problem}. No earlier policy was kept: the app's defaults are in force.` };
}

/**
 * The settings as the app sees them under the policy: its values over the user's; a change to one
 * of them is refused in words, unless it changes nothing (a settings form sends every field back).
 */
export function settingsUnderPolicy(store: SettingsStore, policy: MachinePolicy): SettingsStore {
  if (policy.locked.length === 0) return store;
  let stored: Settings | null = null;
  let merged: Settings | null = null;
  const get = () => {
    const next = store.get();
    if (next !== stored || merged === null) {
      stored = next;
      merged = Object.freeze({ ...next, ...policy.settings }) as Settings;
    }
    return merged;
  };
  return {
    get,
    set(patch) {
      const refused = policy.locked.filter((key) => key in patch && !isDeepStrictEqual(patch[key], policy.settings[key]));
      if (refused.length) {
        throw new AisleError('forbidden', `${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} set by your IT department (${policy.file}) and cannot be changed here.`);
      }
      const rest = Object.fromEntries(Object.entries(patch).filter(([key]) => !policy.locked.includes(key as keyof Settings)));
      if (Object.keys(rest).length) store.set(rest);
      return get();
    },
    onChange: (listener) => store.onChange(listener),
    close: () => store.close(),
  };
}
