// The round's errors in words: a dataset not read before the round's deadline, and any error met
// while reading one, as the closed codes of the contract.
import { AisleError } from '../../../contract/errors.ts';
import type { DatasetSpec } from '../../mirror/dataset-state.ts';
import { listName } from '../list-errors.ts';
import type { RoundState } from './round-state.ts';

export function pastRoundDeadline(r: RoundState, spec: DatasetSpec): AisleError {
  const ms = r.limits.roundDeadlineMs!;
  return new AisleError('timeout', `${listName(spec)}: not read this round: the sync round went past its deadline of ${ms < 60_000 ? `${ms} ms` : `${Math.round(ms / 60_000)} min`}.`);
}

export function asAisleError(error: unknown): AisleError {
  if (error instanceof AisleError) return error;
  if (error instanceof SyntaxError) return new AisleError('bad_response', error.message, { cause: error });
  const code = (error as { code?: string }).code;
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED' || (error as Error).message === 'aborted') {
    return new AisleError('offline', 'The connection broke during the download.', { cause: error });
  }
  return new AisleError('internal', (error as Error).message ?? String(error), { cause: error });
}
