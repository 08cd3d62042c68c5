// The main thread's side of the sync worker: starts it, runs tasks, answers its token requests
// (a round's task carries its token; the worker asks for another only after a 401) and its proxy
// requests (a round's task carries the proxy for its server; the worker asks for any other server's).
import { Worker } from 'node:worker_threads';
import type { RequestReport } from '../api/request-report.ts';
import { AisleError, type ErrorCode } from '../../contract/errors.ts';
import type { SyncProgress } from '../../contract/types.ts';
import type { RoundResult } from './round/run-round.ts';
import type { FromWorker, ToWorker, WorkerTask } from './worker-protocol.ts';

export interface TaskCallbacks {
  /** The server refused `rejected` with a 401: a refreshed token (once), or throws. */
  refreshAfterUnauthorized(rejected: string): Promise<string>;
  /** The proxy for a URL of another server than the task's (null: direct), as main resolves it; none: the worker is told main has no answer. */
  proxyFor?(url: string): Promise<string | null>;
  onProgress?(progress: SyncProgress): void;
  /** A request the round made to the server (diagnostics). */
  onRequest?(report: RequestReport): void;
}

export interface SyncWorkerClient {
  run(task: WorkerTask, callbacks: TaskCallbacks): Promise<RoundResult | null>;
  cancelAll(): void;
  terminate(): Promise<void>;
}

/**
 * From source (Node 22, vitest) the worker is sync-worker.ts beside this file; in the Electron bundle
 * this file is inlined into out/main/index.js and the worker is built beside it as sync-worker.js
 * (electron.vite.config.ts). The name is computed so that the bundler leaves the URL alone.
 */
const workerFile = import.meta.url.endsWith('.ts') ? 'sync-worker.ts' : 'sync-worker.js';
export const DEFAULT_SYNC_WORKER_URL = new URL(`./${workerFile}`, import.meta.url);

/**
 * The worker's young generation (V8's default lets it grow to ~48 MB). A sync streams millions of
 * short-lived records: they die young either way, so a small nursery costs little time and keeps
 * the process under its memory budget.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export interface SyncWorkerClientOptions {
  /** Told when the worker died with tasks running (a crash, out of memory): they fail, and the next task starts a new worker. */
  onDeath?: (why: { exitCode: number | null; error: string | null; tasks: number }) => void;
}

export function createSyncWorkerClient(url: URL = DEFAULT_SYNC_WORKER_URL, options: SyncWorkerClientOptions = {}): SyncWorkerClient {
  let worker: Worker | null = null;
  let nextId = 1;
  const running = new Map<number, { callbacks: TaskCallbacks; resolve(r: RoundResult | null): void; reject(e: Error): void }>();

  const send = (message: ToWorker) => worker?.postMessage(message);

  const failAll = (error: Error) => {
    for (const task of running.values()) task.reject(error);
    running.clear();
    worker = null;
  };

  const start = (): Worker => {
    if (worker) return worker;
    const w = new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    w.on('message', (message: FromWorker) => {
      const task = running.get(message.id);
      if (!task) return;
      if (message.type === 'progress') task.callbacks.onProgress?.(message.progress);
      else if (message.type === 'request') task.callbacks.onRequest?.(message.report);
      else if (message.type === 'needToken') {
        task.callbacks.refreshAfterUnauthorized(message.rejected).then(
          (token) => send({ type: 'token', requestId: message.requestId, token, error: null }),
          (error: AisleError) => send({ type: 'token', requestId: message.requestId, token: null, error: { code: error.code ?? 'session_expired', message: error.message } }),
        );
      } else if (message.type === 'needProxy') {
        const answer = task.callbacks.proxyFor?.(message.url) ?? Promise.reject(new AisleError('internal', `No proxy was resolved for ${new URL(message.url).origin}: this task's caller answers none.`));
        answer.then(
          (proxy) => send({ type: 'proxy', requestId: message.requestId, proxy, error: null }),
          (error: AisleError) => send({ type: 'proxy', requestId: message.requestId, proxy: null, error: { code: error.code ?? 'internal', message: error.message } }),
        );
      } else if (message.type === 'done') {
        running.delete(message.id);
        if (!running.size) w.unref();
        task.resolve(message.result);
      } else {
        running.delete(message.id);
        if (!running.size) w.unref();
        task.reject(new AisleError(message.error.code as ErrorCode, message.error.message, { notice: message.error.notice }));
      }
    });
    w.on('error', (error) => {
      options.onDeath?.({ exitCode: null, error: error.message, tasks: running.size });
      failAll(new AisleError('internal', `The sync worker failed: ${error.message}`));
    });
    w.on('exit', (code) => {
      if (running.size) {
        options.onDeath?.({ exitCode: code, error: null, tasks: running.size });
        failAll(new AisleError('internal', `The sync worker stopped (exit ${code}).`));
      }
      // a worker that died on its own is not used again: the next task starts a new one
      if (worker === w) worker = null;
    });
    worker = w;
    return w;
  };

  return {
    run(task, callbacks) {
      const w = start();
      w.ref(); // keep the process alive while a task runs (the CLI awaits it)
      const id = nextId++;
      return new Promise((resolve, reject) => {
        running.set(id, { callbacks, resolve, reject });
        w.postMessage({ type: 'task', id, task } satisfies ToWorker);
      });
    },
    cancelAll() {
      for (const id of running.keys()) send({ type: 'cancel', id });
    },
    async terminate() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/**
 * Upgrades a mirror file to this version's schema in a worker of its own (migrations rewrite whole
 * tables and indexes: seconds at 1,000,000 items, which the thread answering lookups must not spend).
 */
export async function upgradeInWorker(mirrorPath: string, url: URL = DEFAULT_SYNC_WORKER_URL): Promise<void> {
  const client = createSyncWorkerClient(url);
  const noToken = () => Promise.reject(new AisleError('internal', 'An upgrade needs no token.'));
  try {
    await client.run({ kind: 'upgrade', mirrorPath }, { refreshAfterUnauthorized: noToken });
  } finally {
    await client.terminate();
  }
}
