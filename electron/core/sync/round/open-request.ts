// One request of a dataset's answer, opened: with the round's token (refreshed once after a 401),
// its deadline, and an inventory request in the form its endpoint takes (request-forms.ts).
import type { WholeStockWhy } from '../../../contract/types.ts';
import { withAccessToken } from '../../api/authorized.ts';
import { openJsonStream, type StreamResponse } from '../../api/json-stream-request.ts';
import type { DatasetSpec } from '../../mirror/dataset-state.ts';
import type { RoundState } from './round-state.ts';
import { DEFAULT_DEADLINE_BASE_MS, DEFAULT_DEADLINE_MS_PER_MB } from './types.ts';

/** `expectedBytes`: the dataset's last complete reading's size (null: never read whole), for the deadline. */
export function openRequest(r: RoundState, spec: DatasetSpec, etag: string | null, why: WholeStockWhy | null = null, expectedBytes: number | null = 0): Promise<StreamResponse> {
  return r.forms.open(spec, (asked) => openAs(r, asked, etag, why, expectedBytes));
}

async function openAs(r: RoundState, spec: DatasetSpec, etag: string | null, why: WholeStockWhy | null, expectedBytes: number | null): Promise<StreamResponse> {
  const { options } = r;
  const { baseUrl, timeoutMs, retry, onRequest } = options;
  const request = { baseUrl, path: spec.path, method: spec.method, body: spec.body, etag, signal: r.signal, timeoutMs, deadlineMs: deadlineFor(r, expectedBytes), retry, gzip: r.gzip, onRequest, why };
  // The round keeps the token it was given, and the fresh one after a 401, for its next requests.
  const roundToken = {
    accessToken: async () => (r.token ??= await options.accessToken()),
    refreshAfterUnauthorized: async (rejected: string) => (r.token = await options.refreshAfterUnauthorized(rejected)),
  };
  return withAccessToken(roundToken, (accessToken) => openJsonStream({ ...request, accessToken }));
}

/** A request's deadline, from asking to its last byte: longer for a dataset whose last reading was larger. */
function deadlineFor(r: RoundState, bytes: number | null): number {
  const base = r.limits.deadlineBaseMs ?? DEFAULT_DEADLINE_BASE_MS;
  // a dataset never read whole has no size to go by: a first sync gets ten times the base
  return bytes === null ? 10 * base : base + ((r.limits.deadlineMsPerMb ?? DEFAULT_DEADLINE_MS_PER_MB) * bytes) / 1_000_000;
}
