// Which server addresses see the password in clear on a network: plain http:// to any host that is
// not this machine. The reliability suite signs in through this machine's network address.
import { describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import { checkPlainHttpAllowed, isPlainHttpElsewhere, plainHttpNotice } from '../../electron/core/session/plain-http.ts';

describe('a plain http:// address elsewhere', () => {
  it('is any http:// host but loopback and localhost names', () => {
    const elsewhere = ['http://wms.example.com', 'http://10.0.0.5:8080', 'http://[fd00::2]:80', 'http://128.0.0.1', 'http://localhost.example.com'];
    const here = ['https://wms.example.com', 'http://localhost:8080', 'http://aisle.localhost', 'http://127.0.0.1:3000', 'http://127.5.6.7', 'http://[::1]:8080'];
    expect(elsewhere.filter(isPlainHttpElsewhere)).toEqual(elsewhere);
    expect(here.filter(isPlainHttpElsewhere)).toEqual([]);
  });

  it('is warned of by its host, and refused by name only where policy forbids it', () => {
    expect(plainHttpNotice('http://wms.example.com:8080')).toEqual({ code: 'plain_http', host: 'wms.example.com:8080' });
    expect(noticeInEnglish(plainHttpNotice('http://wms.example.com:8080')!)).toMatch(/^wms\.example\.com:8080 is a plain http:\/\/ address/);
    expect(plainHttpNotice('https://wms.example.com')).toBeNull();
    expect(plainHttpNotice(null)).toBeNull();
    expect(() => checkPlainHttpAllowed('http://wms.example.com', true)).not.toThrow();
    expect(() => checkPlainHttpAllowed('http://127.0.0.1:9', false)).not.toThrow();
    expect(() => checkPlainHttpAllowed('http://wms.example.com', false)).toThrow(/http:\/\/wms\.example\.com is a plain http:\/\/ address, and this workstation's policy/);
  });
});
