// A server address as a person types it ("wms.example.com", "localhost:8080"): completed, not
// refused. https:// unless the server is this machine (localhost, 127.x), which rarely has TLS.
// One reading for every door: the sign-in form, the Diagnostics form and every CLI command that
// takes --server, so that an address IT typed once works the same everywhere.
export function completeServer(input: string): string {
  const text = input.trim();
  if (!text || text === 'demo' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  const host = (text.startsWith('[') ? text.slice(0, text.indexOf(']') + 1) : text.split(/[/:?#]/)[0]!).toLowerCase();
  const local = host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
  return `${local ? 'http' : 'https'}://${text}`;
}
