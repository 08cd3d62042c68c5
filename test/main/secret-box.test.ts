// The SecretBox behind "remember me" (fake electron): real keychain encryption is used; Linux's
// `basic_text` fallback (a key built into Chromium) is refused, so nothing is remembered there.
import { afterEach, describe, expect, it } from 'vitest';
import { createSafeStorageSecretBox } from '../../electron/main/secret-box.ts';
import { resetFakeElectron, safeStorage } from '../fakes/electron.ts';

afterEach(() => resetFakeElectron());

describe('safeStorage secret box', () => {
  it('encrypts and decrypts through the keychain when one is there', () => {
    const box = createSafeStorageSecretBox('linux');
    expect(box.isAvailable()).toBe(true);
    const sealed = box.encrypt('demo1234');
    expect(sealed.toString()).not.toBe('demo1234');
    expect(box.decrypt(sealed)).toBe('demo1234');
  });

  it("refuses Linux's basic_text fallback, which is not encryption", () => {
    safeStorage.backend = 'basic_text';
    expect(createSafeStorageSecretBox('linux').isAvailable()).toBe(false);
    // The backend question only exists on Linux; elsewhere the OS store is always real.
    expect(createSafeStorageSecretBox('darwin').isAvailable()).toBe(true);
  });
});
