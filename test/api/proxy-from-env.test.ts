// The proxy the CLI and the browser host take from the environment, read as curl reads it.
import { describe, expect, it } from 'vitest';
import { proxyFromEnv } from '../../electron/core/api/network.ts';

describe('proxyFromEnv', () => {
  it('takes HTTPS_PROXY for https and HTTP_PROXY for http, lower case first, a bare host:port as http', () => {
    const env = { HTTPS_PROXY: 'http://upper:3128', https_proxy: 'lower:8080', HTTP_PROXY: 'http://plain:3128' };
    expect(proxyFromEnv('https://wms.example.com/api', env)).toBe('http://lower:8080');
    expect(proxyFromEnv('http://wms.example.com/api', env)).toBe('http://plain:3128');
    expect(proxyFromEnv('https://wms.example.com/api', {})).toBeNull();
  });

  it('goes direct to what NO_PROXY names: hosts, domains with or without a dot, host:port, or everything', () => {
    const env = (noProxy: string) => ({ HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: noProxy });
    expect(proxyFromEnv('https://wms.corp.example/api', env('corp.example'))).toBeNull();
    expect(proxyFromEnv('https://wms.corp.example/api', env('.corp.example'))).toBeNull();
    expect(proxyFromEnv('https://notcorp.example/api', env('corp.example'))).toBe('http://proxy:3128');
    expect(proxyFromEnv('https://wms.example.com:8443/api', env('wms.example.com:443'))).toBe('http://proxy:3128');
    expect(proxyFromEnv('https://wms.example.com/api', env('wms.example.com:443'))).toBeNull();
    expect(proxyFromEnv('https://[::1]:8443/api', env('::1'))).toBeNull();
    expect(proxyFromEnv('https://anything.example/api', env('*'))).toBeNull();
    expect(proxyFromEnv('https://wms.example.com/api', env(' localhost , 127.0.0.1 '))).toBe('http://proxy:3128');
  });
});
