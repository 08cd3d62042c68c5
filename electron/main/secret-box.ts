import { safeStorage } from 'electron';
import type { SecretBox } from '../core/index.ts';

/**
 * Encryption at rest through the OS keychain (Electron's safeStorage), for what the user asks to
 * remember. On Linux without a keyring (no GNOME Keyring or KWallet) safeStorage falls back to
 * `basic_text`, a key built into Chromium: that is obfuscation, not encryption, so the box says it is
 * unavailable and "remember me" keeps nothing on disk.
 */
export function createSafeStorageSecretBox(platform: NodeJS.Platform = process.platform): SecretBox {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable() && !(platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (cipher) => safeStorage.decryptString(cipher),
  };
}
