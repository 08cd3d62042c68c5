// The window's uncaught errors reach the host's log: a component's error, a failed promise nobody
// awaited, a script error, each reported once with its words and where it happened.
import { describe, expect, it } from 'vitest';
import { createApp, h } from 'vue';
import { installProblemReporter, type Problem } from '../../renderer/src/shared/api/problem-reporter.ts';

describe('installProblemReporter', () => {
  it("reports a component's error, an unhandled rejection and a script error", async () => {
    const reported: Problem[] = [];
    const broken = () => {
      throw new TypeError('cannot read properties of undefined');
    };
    const app = createApp(() => h(broken));
    const stop = installProblemReporter(app, window, (problem) => reported.push(problem));
    const root = document.createElement('div');
    const quiet = console.error;
    console.error = () => {};
    try {
      app.mount(root);
    } finally {
      console.error = quiet;
    }
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('the call timed out');
    window.dispatchEvent(rejection);
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new RangeError('boom'), filename: 'app.js', lineno: 7 }));
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop', error: new Error('after stop') }));
    expect(reported.map((p) => [p.kind, p.message, p.where])).toEqual([
      ['vue', 'TypeError: cannot read properties of undefined', 'render function'],
      ['rejection', 'Error: the call timed out', undefined],
      ['error', 'RangeError: boom', 'app.js:7'],
    ]);
  });
});
