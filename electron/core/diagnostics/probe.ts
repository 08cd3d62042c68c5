// `aisle probe` and the diagnostics page's "Run probe": IT's first contact with a server. The probe
// is no client of its own: it signs in through the session's sign-in (the same HTTP client, token
// capture, `allowPlainHttp`, kiosk pin and auth deadline, from the workstation's settings and
// policy), then runs one real sync round (the same paging and envelope reader, field discovery,
// request forms and checks) into a throw-away mirror in a temporary folder, deleted afterwards.
// So what it says, the sync then does: `ready` exactly when that round leaves a usable mirror. An
// overall deadline bounds it all; nothing it calls changes warehouse data, and it ends only the
// session it opened.
import { copyFileSync, existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import { PROBE_NEEDED_LISTS, type ProbeError, type ProbeFact } from '../../contract/probe-facts.ts';
import type { ProbeList, ProbeReport, SessionView } from '../../contract/types.ts';
import { createRequestLog } from '../api/request-log.ts';
import { silentLogger, type CoreContext, type CoreDeps } from '../context.ts';
import { openMirror } from '../db/connection.ts';
import { allDatasets } from '../db/read/datasets.ts';
import { CoreEvents } from '../events.ts';
import { fieldMapReport } from '../lists/field-map-report.ts';
import { fieldMapFilePath } from '../lists/field-map-file.ts';
import { copyDecisions } from '../lists/field-map-state.ts';
import { createMirrorManager, mirrorFileOf, type OpenMirror } from '../mirror/mirror-manager.ts';
import type { MirrorIdentity } from '../ports.ts';
import { createServerHabits } from '../session/server-habits.ts';
import { createSessionService, type SessionService } from '../session/session-service.ts';
import { createMemorySettingsStore } from '../settings/settings-store.ts';
import { readMemory } from '../sync/list-paging.ts';
import { learnedRequestForms } from '../sync/request-forms.ts';
import type { RoundResult } from '../sync/round/run-round.ts';
import { readDatasetStatuses } from '../sync/sync-status.ts';
import { createSyncService } from '../sync/sync-service.ts';

/** A probe that has not ended by then stops, and says what it could not read in time. */
export const DEFAULT_PROBE_DEADLINE_SECONDS = 10 * 60;
/** Past the deadline, how long the round has to end by itself (its own deadline is the probe's) before it is cancelled. */
const ROUND_GRACE_MS = 5_000;

export interface ProbeOptions {
  server: string;
  email: string;
  password: string;
  licenseId?: string;
  deadlineSeconds?: number;
}

type Raced<T> = { value: T } | { passed: true };

/** `work`, or `passed` when the clock reaches `at` first (then `onPassed` runs, to stop the work). */
function race<T>(work: Promise<T>, at: number, onPassed: () => void): Promise<Raced<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onPassed();
      resolve({ passed: true });
    }, Math.max(0, at - Date.now()));
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve({ value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function errorOf(error: unknown): ProbeError {
  return error instanceof AisleError ? { code: error.code, message: error.message } : { code: 'internal', message: (error as Error)?.message ?? String(error) };
}

/** Copies IT's field map file into the probe's folder, so that the round maps fields as the workstation's would. */
function copyFieldMapFile(from: string, to: string): void {
  const file = fieldMapFilePath(from);
  if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return;
  copyFileSync(file, fieldMapFilePath(to));
}

/**
 * The field map this workstation's mirror of the same user, server and license decided, carried
 * into the probe's mirror before its round: the round then reads fields as this workstation's sync
 * would, and a field the server renamed since fails the probe's list as it fails the sync's. Without
 * such a mirror the round learns afresh, as a first sync does.
 */
function carryFieldDecisions(ctx: CoreContext, fromDir: string, toDir: string, identity: MirrorIdentity): void {
  const source = mirrorFileOf(fromDir, identity);
  if (!existsSync(source)) return;
  try {
    const from = openMirror(source, { readonly: true });
    try {
      const to = openMirror(mirrorFileOf(toDir, identity));
      try {
        copyDecisions(from, to);
      } finally {
        to.close();
      }
    } finally {
      from.close();
    }
  } catch (error) {
    // an unreadable mirror (a newer Aisle's, a damaged one) is the sync's to say; the probe learns afresh
    ctx.log.warn("probe: could not read this workstation's field map; the probe learns fields afresh", { error: (error as Error).message });
  }
}

export async function runProbe(workstation: CoreDeps, options: ProbeOptions): Promise<ProbeReport> {
  const started = Date.now();
  const deadlineSeconds = options.deadlineSeconds ?? DEFAULT_PROBE_DEADLINE_SECONDS;
  const deadline = started + deadlineSeconds * 1000;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'aisle-probe-'));
  // The workstation's settings and kiosk policy, in a store of the probe's own: sign-in writes the
  // server and e-mail it used, and that must not change the workstation's.
  const settings = createMemorySettingsStore(workstation.settings.get());
  const ctx: CoreContext = {
    deps: { ...workstation, dataDir: folder, settings, secrets: null, autoSync: false, idleLock: false, upgradeMirror: undefined },
    events: new CoreEvents(),
    log: workstation.log ?? silentLogger,
    requests: createRequestLog(),
  };
  const session = createSessionService(ctx, { restoreRemembered: false });
  const mirrors = createMirrorManager(ctx, session);
  const sync = createSyncService(ctx, { session, mirrors }, { automatic: false });

  const blockers: ProbeFact[] = [];
  const warnings: ProbeFact[] = [];
  const report = (server: string, rest: Partial<ProbeReport> = {}): ProbeReport => ({
    server,
    startedAt: new Date(started).toISOString(),
    tookMs: Date.now() - started,
    deadlineSeconds,
    ready: false,
    blockers,
    warnings,
    signIn: null,
    lists: [],
    requestForms: [],
    fields: [],
    ...rest,
  });

  try {
    copyFieldMapFile(workstation.dataDir, folder);
    let signedIn: Raced<SessionView | ProbeFact>;
    try {
      signedIn = await race(signIn(session, options), deadline, () => void session.close());
    } catch (error) {
      blockers.push({ code: 'sign_in_failed', error: errorOf(error) });
      return report(options.server);
    }
    if ('passed' in signedIn) {
      blockers.push({ code: 'deadline_passed', seconds: deadlineSeconds, during: 'sign-in' });
      return report(options.server);
    }
    if (!('state' in signedIn.value)) {
      blockers.push(signedIn.value);
      return report(options.server);
    }
    const view = signedIn.value;
    const baseUrl = session.baseUrl() ?? options.server;
    const identity = session.identity();
    if (identity) carryFieldDecisions(ctx, workstation.dataDir, folder, identity);
    const signInFacts = { licenseId: view.licenseId ?? '', tokenDelivery: createServerHabits(folder).get(baseUrl).token ?? null, notices: view.notices ?? [] };

    // The round's own deadline is what is left of the probe's: lists not read by then fail in the
    // round's words; a round that does not end shortly after is cancelled.
    const left = Math.max(1, deadline - Date.now());
    settings.set({ roundDeadlineMinutes: Math.min(settings.get().roundDeadlineMinutes, left / 60_000) });
    let round: Raced<RoundResult>;
    try {
      round = await race(sync.runRound(), deadline + ROUND_GRACE_MS, () => void sync.close());
    } catch (error) {
      blockers.push({ code: 'round_failed', error: errorOf(error) });
      return report(baseUrl, { signIn: signInFacts });
    }
    if ('passed' in round) {
      blockers.push({ code: 'deadline_passed', seconds: deadlineSeconds, during: 'sync' });
      return report(baseUrl, { signIn: signInFacts });
    }
    const mirror = mirrors.current();
    if (!mirror) {
      blockers.push({ code: 'round_failed', error: { code: 'mirror_error', message: "The probe's mirror closed before the round's outcome could be read." } });
      return report(baseUrl, { signIn: signInFacts });
    }
    const lists = listsOf(mirror, round.value, settings.get());
    for (const list of lists) {
      const fact = factOf(list);
      if (fact) (PROBE_NEEDED_LISTS.includes(list.list) ? blockers : warnings).push(fact);
    }
    if (Date.now() >= deadline) blockers.push({ code: 'deadline_passed', seconds: deadlineSeconds, during: 'sync' });
    const learned = {
      requestForms: [...learnedRequestForms(mirror.db)].map(([endpoint, form]) => ({ endpoint, form })),
      fields: fieldMapReport(mirror.db, folder, workstation.policy).lists,
    };
    // its own session only, and only while there is time left (sign-out closes the mirror)
    if (Date.now() < deadline) await race(Promise.resolve(session.handlers['session.signOut']({})), deadline, () => undefined).catch(() => undefined);
    return report(baseUrl, { ready: blockers.length === 0, signIn: signInFacts, lists, ...learned });
  } finally {
    await sync.close().catch(() => undefined);
    await mirrors.close().catch(() => undefined);
    await session.close().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/**
 * Signs in as the window does, without questions: the license asked for, else the only one, else
 * the first enabled one (as `aisle sync` does). Resolves to the session, or to the fact that no
 * license could be chosen; rejects with sign-in's own error.
 */
async function signIn(session: SessionService, options: ProbeOptions): Promise<SessionView | ProbeFact> {
  const result = await session.handlers['session.signIn']({ server: options.server, email: options.email, password: options.password, rememberMe: false, licenseId: options.licenseId });
  if (result.status === 'signed-in') return result.session;
  const first = result.licenses.find((l) => l.enabled);
  if (!first) return { code: 'no_enabled_license', licenses: result.licenses.map((l) => l.id) };
  return session.handlers['session.chooseLicense']({ licenseId: first.id });
}

/** What the round did with each dataset, with what the mirror learned of its paging. */
function listsOf(mirror: OpenMirror, round: RoundResult, settings: Parameters<typeof readDatasetStatuses>[1]): ProbeList[] {
  const statuses = new Map(readDatasetStatuses(mirror.db, settings).map((s) => [s.key, s]));
  const ids = new Map(allDatasets(mirror.db).map((d) => [d.key, d.dataset_id]));
  return round.datasets.map((d) => {
    const status = statuses.get(d.key);
    const id = ids.get(d.key);
    const memory = id === undefined ? null : readMemory(mirror.db, id, d.key);
    return {
      key: d.key,
      list: status?.list ?? d.key,
      label: status?.label ?? d.key,
      scopeId: status?.scope.id ?? null,
      scopeName: status?.scope.name ?? null,
      outcome: d.outcome === 'error' ? 'failed' : d.outcome === 'held' ? 'held' : 'ok',
      rows: d.rows,
      bytes: d.bytes,
      paging: memory?.paging?.style ?? null,
      pages: memory?.pages ?? null,
      envelope: memory?.envelope === undefined ? null : { field: memory.envelope },
      error: d.error ? { code: d.error.code, message: d.error.message } : null,
    };
  });
}

function factOf(list: ProbeList): ProbeFact | null {
  const named = { list: { list: list.list, label: list.label }, scopeName: list.scopeName ?? list.scopeId };
  if (list.outcome === 'failed') return { code: 'list_failed', ...named, error: list.error ?? { code: 'internal', message: 'failed' } };
  if (list.outcome === 'held') return { code: 'list_held', ...named, error: list.error };
  return null;
}
