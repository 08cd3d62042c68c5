// Every notice the core makes has the contract's shape; a notice of another shape is refused.
import { describe, expect, it } from 'vitest';
import { noticeSchema } from './notice-shape.ts';
import { NOTICE_CODES, storedNotice } from '../../electron/contract/notices.ts';
import { facilityNotice } from '../../electron/core/session/facility-notice.ts';
import { plainHttpNotice } from '../../electron/core/session/plain-http.ts';
import { DISK_FULL } from '../../electron/core/mirror/full-disk.ts';

describe('a notice crosses the contract as a closed code and its facts', () => {
  it("the producers' notices parse", () => {
    for (const notice of [facilityNotice([], []), facilityNotice([], [], ['Memphis Hub']), plainHttpNotice('http://wms.example.com:8080'), DISK_FULL]) {
      expect(noticeSchema.safeParse(notice).success, JSON.stringify(notice)).toBe(true);
    }
    expect(plainHttpNotice('http://wms.example.com:8080')).toEqual({ code: 'plain_http', host: 'wms.example.com:8080' });
    expect(plainHttpNotice('https://wms.example.com')).toBeNull();
  });

  it('knows the same codes as the contract lists for a stored notice', () => {
    const codes = (noticeSchema as unknown as { options: { shape: { code: { value: string } } }[] }).options.map((o) => o.shape.code.value);
    expect([...NOTICE_CODES].sort()).toEqual(codes.sort());
    expect(storedNotice(JSON.stringify({ code: 'mirror_newer', version: 16, known: 15 }))).toEqual({ code: 'mirror_newer', version: 16, known: 15 });
    expect(storedNotice(JSON.stringify({ code: 'disk_almost_full' }))).toBeNull();
    expect(storedNotice('not json')).toBeNull();
    expect(storedNotice('null')).toBeNull();
  });

  it('refuses a sentence, an unknown code and a fact too many', () => {
    expect(noticeSchema.safeParse('The disk is full.').success).toBe(false);
    expect(noticeSchema.safeParse({ code: 'disk_almost_full' }).success).toBe(false);
    expect(noticeSchema.safeParse({ code: 'disk_full', text: 'The disk is full.' }).success).toBe(false);
    expect(noticeSchema.safeParse({ code: 'scope_kept', scope: 'warehouse', name: 'X', lists: [] }).success).toBe(false);
  });
});
