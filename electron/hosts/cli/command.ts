export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Reads a password without echo; rejects when there is no terminal. */
  promptPassword(question: string): Promise<string>;
  /** --verbose: every log entry is mirrored to stderr besides the log file. */
  verbose?: boolean;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Resolves to the exit code. Throws CliError for a one-line failure. */
  run(argv: string[], io: CliIo): Promise<number>;
}

/** A failure the CLI prints as one line before exiting non-zero. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
