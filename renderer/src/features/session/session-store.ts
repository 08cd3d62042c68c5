// Who is signed in, with which license, and the sign-in flow (server, credentials, license pick).
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ContractError } from '@contract/errors.ts';
import type { LicenseView, OpenSession, PinStatus, SessionInfo, SessionView } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';

export const SIGNED_OUT: SessionView = {
  state: 'signed-out', server: null, email: null, userName: null, locale: null, licenseId: null, licenseType: null,
  sessionId: null, expiresAt: null, zoneIdStr: null, facilities: [], roles: [], locked: false,
};

export interface SignInForm {
  server: string;
  email: string;
  password: string;
  rememberMe: boolean;
  /** Offer the license picker even when a license is remembered. */
  chooseLicense?: boolean;
}

export const useSessionStore = defineStore('session', () => {
  const view = ref<SessionView>(SIGNED_OUT);
  const loaded = ref(false);
  const busy = ref(false);
  const error = ref<ContractError | null>(null);
  /** Set while the user must pick a license. */
  const licenses = ref<LicenseView[] | null>(null);
  const rememberedLicenseId = ref<string | null>(null);
  const info = ref<SessionInfo | null>(null);
  /** The user's open sessions, this one first; [] when the server does not list them. */
  const sessions = ref<OpenSession[]>([]);
  /** Unlock PINs: allowed here, and set for this user; null until asked. */
  const pin = ref<PinStatus | null>(null);
  let loading: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;
  /** Events received: an answer that raced one may be older than it (see the sync store). */
  let changes = 0;

  function ensureLoaded(): Promise<void> {
    loading ??= (async () => {
      const before = changes;
      const result = await useClient().call('session.current');
      if (result.ok && changes === before) view.value = result.value;
      loaded.value = true;
    })();
    return loading;
  }

  function subscribe(): void {
    unsubscribe ??= useClient().on('session.changed', (next) => {
      changes++;
      view.value = next;
    });
  }

  async function run<T>(work: () => Promise<{ ok: true; value: T } | { ok: false; error: ContractError }>): Promise<T | null> {
    busy.value = true;
    error.value = null;
    try {
      const result = await work();
      if (result.ok) return result.value;
      error.value = result.error;
      return null;
    } finally {
      busy.value = false;
    }
  }

  async function signIn(form: SignInForm): Promise<boolean> {
    const result = await run(() => useClient().call('session.signIn', form));
    if (!result) return false;
    if (result.status === 'signed-in') {
      view.value = result.session;
      licenses.value = null;
      return true;
    }
    licenses.value = result.licenses;
    rememberedLicenseId.value = result.rememberedLicenseId;
    return false;
  }

  async function chooseLicense(licenseId: string): Promise<boolean> {
    const result = await run(() => useClient().call('session.chooseLicense', { licenseId }));
    if (!result) return false;
    view.value = result;
    licenses.value = null;
    return true;
  }

  function cancelLicense(): void {
    licenses.value = null;
    error.value = null;
  }

  async function loadInfo(): Promise<void> {
    const result = await useClient().call('session.info');
    info.value = result.ok ? result.value : null;
  }

  async function loadSessions(): Promise<void> {
    const result = await useClient().call('session.list');
    sessions.value = result.ok ? result.value : [];
  }

  async function endSession(sessionId: string): Promise<SessionInfo | null> {
    const ended = await run(() => useClient().call('session.endSession', { sessionId }));
    if (ended) await loadSessions();
    return ended;
  }

  async function signOut(): Promise<void> {
    const result = await run(() => useClient().call('session.signOut'));
    view.value = result ?? SIGNED_OUT;
    info.value = null;
    sessions.value = [];
  }

  async function lock(): Promise<void> {
    const result = await run(() => useClient().call('session.lock'));
    if (result) view.value = result;
  }

  async function unlock(password: string): Promise<boolean> {
    const result = await run(() => useClient().call('session.unlock', { password }));
    if (result) view.value = result;
    return result !== null && !result.locked;
  }

  async function loadPin(): Promise<void> {
    const result = await useClient().call('session.pin');
    pin.value = result.ok ? result.value : null;
  }

  async function unlockWithPin(code: string): Promise<boolean> {
    const result = await run(() => useClient().call('session.unlockWithPin', { pin: code }));
    if (result) view.value = result;
    // too many wrong ones remove the PIN: ask again what is left
    else if (error.value?.code === 'too_many_attempts' || error.value?.code === 'forbidden') await loadPin();
    return result !== null && !result.locked;
  }

  async function setPin(code: string): Promise<boolean> {
    const result = await run(() => useClient().call('session.setPin', { pin: code }));
    if (result) pin.value = result;
    return result !== null;
  }

  async function clearPin(): Promise<boolean> {
    const result = await run(() => useClient().call('session.clearPin'));
    if (result) pin.value = result;
    return result !== null;
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  }

  return {
    view, loaded, busy, error, licenses, rememberedLicenseId, info, sessions, pin,
    /** The mirror is open: online, offline or with an expired session. */
    hasMirror: computed(() => view.value.state !== 'signed-out'),
    locked: computed(() => view.value.locked),
    ensureLoaded, subscribe, stop, signIn, chooseLicense, cancelLicense, loadInfo, loadSessions, endSession, signOut, lock, unlock,
    loadPin, unlockWithPin, setPin, clearPin,
  };
});
