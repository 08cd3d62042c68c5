// Whether the round's server runs on this machine, which decides whether it asks for gzip.

/** A server on this machine (the demo warehouse, a local proxy): gzip would only cost CPU. */
export function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}
