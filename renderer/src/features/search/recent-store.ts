// The records this user opened lately on this workstation, newest first, as main keeps them: the
// search box shows them while it is empty, the start screen always.
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { RecentRecord } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';

export const useRecentStore = defineStore('recent', () => {
  const records = shallowRef<RecentRecord[]>([]);
  /** Answers to older calls are dropped: a list asked for before an open must not hide it. */
  let sequence = 0;

  /** Asks main again (the list is per user and may have changed in another window). */
  async function load(): Promise<void> {
    const mine = ++sequence;
    const result = await useClient().call('recent.list');
    // nothing to show when it cannot be read (signed out, locked, data being upgraded)
    if (mine === sequence) records.value = result.ok ? result.value : [];
  }

  /** A record's page is on screen: it goes first. */
  async function opened(list: string, id: string): Promise<void> {
    const mine = ++sequence;
    const result = await useClient().call('recent.add', { list, id });
    if (mine === sequence && result.ok) records.value = result.value;
  }

  async function clear(): Promise<void> {
    const mine = ++sequence;
    const result = await useClient().call('recent.clear');
    if (mine === sequence && result.ok) records.value = result.value;
  }

  /** Locked or signed out: nothing of this user's stays on screen for the next person. */
  function forget(): void {
    sequence++;
    records.value = [];
  }

  return { records, load, opened, clear, forget };
});
