// Errors in the window that nothing caught (a component's, a promise's, a script's) go to the host's
// log through the contract, so that IT sees them beside main's entries. Only the error's own words
// and where it happened: never what the user typed or the page's data.
import type { App } from 'vue';

export interface Problem {
  kind: 'error' | 'rejection' | 'vue';
  message: string;
  where?: string;
  stack?: string;
}

const cut = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

function problemOf(kind: Problem['kind'], error: unknown, where?: string): Problem {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind, message: cut(message, 2000)!, where: cut(where, 400), stack: cut(error instanceof Error ? error.stack : undefined, 4000) };
}

export function installProblemReporter(app: App, target: Window, report: (problem: Problem) => void): () => void {
  const send = (problem: Problem) => {
    try {
      report(problem);
    } catch {
      // reporting must never become a failure of its own
    }
  };
  app.config.errorHandler = (error, _instance, info) => {
    console.error(error);
    send(problemOf('vue', error, info));
  };
  const onError = (event: ErrorEvent) => send(problemOf('error', event.error ?? event.message, event.filename ? `${event.filename}:${event.lineno}` : undefined));
  const onRejection = (event: PromiseRejectionEvent) => send(problemOf('rejection', event.reason));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
