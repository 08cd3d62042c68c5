// A long-running command (a server, the relay) runs until the service manager or a person stops it:
// SIGINT or SIGTERM ends the wait once, and the caller closes what it started.
export function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
