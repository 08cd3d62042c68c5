// The deadline of a whole sign-in: every call it makes, their retries and the waits a 429 asks for
// share the `authDeadlineSeconds` setting. A per-request deadline alone lets a stuck or rate-limited
// server hold a sign-in for several deadlines in a row. When it passes, the sign-in's signal is
// aborted with an error that says which call was waiting and what the server last answered.
import { AisleError } from '../../contract/errors.ts';
import type { RequestReport } from '../api/request-report.ts';

export interface SignInDeadline {
  /** Aborted when the deadline passes (its reason the error in words) or when the caller's is. */
  readonly signal: AbortSignal;
  /** The call the sign-in waits for now, in words ("the license list"). */
  waitingFor(what: string): void;
  /** Told of every attempt, to say what the server last answered. */
  heard(report: RequestReport): void;
  /** The deadline itself passed (not a cancel by the caller). */
  readonly passed: boolean;
  /** The sign-in ended: the timer stops. */
  end(): void;
}

export function signInDeadline(seconds: number, server: string, outer?: AbortSignal): SignInDeadline {
  const controller = new AbortController();
  let waiting = 'the server';
  let last: string | null = null;
  const timer = setTimeout(() => {
    const answered = last ? `; the server's last answer: ${last}` : '';
    controller.abort(
      new AisleError(
        'timeout',
        `Signing in to ${server} did not finish within ${seconds} s (the setting authDeadlineSeconds, retries and waits included): it was waiting for ${waiting}${answered}.`,
      ),
    );
  }, seconds * 1000);
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  return {
    signal,
    waitingFor(what) {
      waiting = what;
    },
    heard(report) {
      const asked = `${report.method} ${new URL(report.url).pathname}`;
      if (report.status !== null) last = `${asked} answered ${report.status}`;
      else if (report.error && report.error.code !== 'timeout') last = `${asked} failed (${report.error.code})`;
    },
    get passed() {
      return controller.signal.aborted;
    },
    end: () => clearTimeout(timer),
  };
}
