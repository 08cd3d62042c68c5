// The sync worker thread: downloads, parses and writes off the thread that answers lookups.
// It owns the mirror's only writer connection while a task runs.
import { parentPort } from 'node:worker_threads';
import { AisleError, type ErrorCode } from '../../contract/errors.ts';
import { useNetwork, type NetworkSetup, type ProxyResolver } from '../api/network.ts';
import { applyFieldMapFile, dataDirOfMirror, fieldMapFilePath } from '../lists/field-map-file.ts';
import { relearnFieldMap } from '../lists/field-map-state.ts';
import { openMirrorWriter, quickCheck } from '../db/connection.ts';
import { checkpointBeforeClose } from '../db/wal.ts';
import { beginFirstFill, endFirstFill, neverFilled } from '../db/first-fill.ts';
import { clearHeld } from '../db/write/datasets.ts';
import { relayRound } from './relay-round.ts';
import { type RoundResult, runRound } from './round/run-round.ts';
import type { FromWorker, TaskToken, ToWorker, WorkerTask } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('sync-worker.ts must run in a worker thread');

const pendingTokens = new Map<number, { resolve(token: string): void; reject(error: Error): void }>();
const pendingProxies = new Map<number, { resolve(proxy: string | null): void; reject(error: Error): void }>();
const cancels = new Map<number, AbortController>();
let nextRequest = 1;

const post = (message: FromWorker) => port.postMessage(message);

/** After a 401: the token the server refused goes to main, which answers with a refreshed one. */
function askToken(id: number, rejected: string): Promise<string> {
  const requestId = nextRequest++;
  return new Promise((resolve, reject) => {
    pendingTokens.set(requestId, { resolve, reject });
    post({ type: 'needToken', id, requestId, rejected });
  });
}

/**
 * The proxy of each server a round reaches: the task's own came resolved by main; another (the
 * warehouse server a relay names, read when the relay does not answer) is asked of main once per
 * origin and task, as main resolves it for itself (Chromium's answer, or the environment's), not
 * taken from the relay's.
 */
function proxyResolver(id: number, baseUrl: string, network: NetworkSetup): ProxyResolver | null {
  if (network.proxy === 'env') return null; // the environment answers for any URL in this thread too
  const known = new Map<string, Promise<string | null>>([[new URL(baseUrl).origin, Promise.resolve(network.proxy)]]);
  return (url) => {
    const origin = new URL(url).origin;
    let answer = known.get(origin);
    if (!answer) {
      const requestId = nextRequest++;
      answer = new Promise<string | null>((resolve, reject) => {
        pendingProxies.set(requestId, { resolve, reject });
        post({ type: 'needProxy', id, requestId, url });
      });
      // a failed answer is asked again by the next request
      answer.catch(() => known.delete(origin));
      known.set(origin, answer);
    }
    return answer;
  };
}

/** The token the task came with; none: the error main met getting it, for each dataset that asks. */
function taskToken(token: TaskToken): Promise<string> {
  return 'value' in token ? Promise.resolve(token.value) : Promise.reject(new AisleError(token.error.code as ErrorCode, token.error.message));
}

async function run(id: number, task: WorkerTask): Promise<void> {
  // opening runs the file's migrations: all an 'upgrade' task is for
  const db = openMirrorWriter(task.mirrorPath);
  let result: RoundResult | null = null;
  let filling = false;
  try {
    // a mirror's first sync, with main's reader closed for it (firstFill), writes the file once (db/first-fill.ts)
    filling = task.kind === 'round' && task.firstFill === true && neverFilled(db) && beginFirstFill(db, task.mirrorPath);
    if (task.kind === 'discardHeld') {
      clearHeld(db, task.key);
    } else if (task.kind === 'relearnFields') {
      relearnFieldMap(db, task.list);
    } else if (task.kind === 'check') {
      quickCheck(db);
    } else if (task.kind === 'round') {
      const abort = new AbortController();
      cancels.set(id, abort);
      if (task.network) useNetwork(task.network, proxyResolver(id, task.baseUrl, task.network));
      // IT's field map first: what it changes is extracted again from the records kept, no download
      applyFieldMapFile(db, fieldMapFilePath(dataDirOfMirror(task.mirrorPath)), task.policyFieldMap);
      const serverRound = (baseUrl: string) => runRound(db, {
        baseUrl,
        accessToken: () => taskToken(task.token),
        refreshAfterUnauthorized: (rejected) => askToken(id, rejected),
        plan: task.plan,
        only: task.only,
        allowMassDelete: task.allowMassDelete,
        concurrency: task.concurrency,
        retry: task.retry,
        timeoutMs: task.timeoutMs,
        manual: task.manual,
        reading: task.reading,
        caps: task.caps,
        shrinkHoldPercent: task.shrinkHoldPercent,
        signal: abort.signal,
        onProgress: (progress) => post({ type: 'progress', id, progress }),
        onRequest: (report) => post({ type: 'request', id, report }),
      });
      // with the siteRelay setting, a mirror of a relay syncs from it (relay-round.ts), and from the
      // warehouse server it names when it does not answer and siteRelayFallback allows it
      const relayed = task.siteRelay
        ? await relayRound(db, {
            baseUrl: task.baseUrl,
            accessToken: () => taskToken(task.token),
            refreshAfterUnauthorized: (rejected) => askToken(id, rejected),
            onProgress: (progress) => post({ type: 'progress', id, progress }),
            only: task.only,
            allowMassDelete: task.allowMassDelete,
            fallback: task.siteRelayFallback,
            allowedServers: task.allowedServers,
            serverRound,
          })
        : null;
      result = relayed ?? await serverRound(task.baseUrl);
    }
  } finally {
    // the resolver asks main on behalf of this task only: a later task sets its own
    if (task.kind === 'round' && task.network) useNetwork(task.network);
    cancels.delete(id);
    if (filling) {
      endFirstFill(db, task.mirrorPath, openMirrorWriter);
    } else {
      checkpointBeforeClose(db);
      db.close();
    }
  }
  // only now: closing the last connection to a file checkpoints it under an exclusive lock, and
  // whoever waits for this task may open the file next
  post({ type: 'done', id, result });
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'token') {
    const pending = pendingTokens.get(message.requestId);
    pendingTokens.delete(message.requestId);
    if (!pending) return;
    if (message.token) pending.resolve(message.token);
    else pending.reject(new AisleError((message.error?.code ?? 'session_expired') as ErrorCode, message.error?.message ?? 'No session.'));
  } else if (message.type === 'proxy') {
    const pending = pendingProxies.get(message.requestId);
    pendingProxies.delete(message.requestId);
    if (!pending) return;
    if (message.error) pending.reject(new AisleError(message.error.code as ErrorCode, message.error.message));
    else pending.resolve(message.proxy);
  } else if (message.type === 'cancel') {
    cancels.get(message.id)?.abort();
  } else {
    run(message.id, message.task).catch((error: unknown) => {
      const e = error instanceof AisleError ? error : new AisleError('internal', (error as Error).message);
      post({ type: 'failed', id: message.id, error: { code: e.code, message: e.message, notice: e.notice } });
    });
  }
});
