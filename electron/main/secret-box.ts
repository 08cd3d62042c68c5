import { safeStorage } from 'electron';
import type { SecretBox } from '../core/core.ts';

/** Encryption at rest through the OS keychain (Electron's safeStorage), for what the user asks to remember. */
export function createSafeStorageSecretBox(): SecretBox {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (cipher) => safeStorage.decryptString(cipher),
  };
}
