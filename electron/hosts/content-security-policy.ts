// The renderer's Content-Security-Policy, the same in every host: the Electron host adds it as a
// response header (dev server) and renderer/index.html carries it as a meta tag (file://); the
// browser host sends it with every page. No 'unsafe-eval', no remote origin. Kept as one literal
// so that security scanners can read it.
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
