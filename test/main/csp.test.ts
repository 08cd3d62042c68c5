// One Content-Security-Policy for every host: the header (Electron dev server, browser host) and the
// renderer's meta tag (file://) say the same, and neither allows eval or a remote origin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/hosts/content-security-policy.ts';

const root = path.resolve(import.meta.dirname, '../..');

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('content security policy', () => {
  it('allows no eval, no remote origin, no plugins, no framing', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|wasm-unsafe-eval|https?:|\*/);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it("renderer/index.html's meta tag is the same policy (frame-ancestors aside, which meta tags ignore)", () => {
    const html = readFileSync(path.join(root, 'renderer/index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta).not.toBeNull();
    const header = directives(CONTENT_SECURITY_POLICY);
    header.delete('frame-ancestors');
    expect(directives(meta![1])).toEqual(header);
  });
});
