// Peak memory of Chromium's processes: the browser is found by its (unique) profile folder, then its
// descendants through /proc; the page's renderer is the one started with --type=renderer.
import { readFileSync, readdirSync } from 'node:fs';
import { vmHwmMb } from './child.ts';

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(name), ppid, cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The processes of the browser using `profileDir`: the browser and its descendants. */
function chromiumFamily(profileDir: string): Proc[] {
  const all = processes();
  const roots = all.filter((p) => p.cmdline.includes(profileDir) && !p.cmdline.includes('--type='));
  const family = new Set(roots.map((p) => p.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!family.has(p.pid) && family.has(p.ppid)) {
        family.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => family.has(p.pid));
}

/**
 * Runs `work` with the browser using `profileDir` stopped (SIGSTOP, then SIGCONT), so that whatever
 * it does in the background (its store compacting after a load, timers) takes no core from `work`.
 */
export async function withChromiumStopped<T>(profileDir: string, work: () => Promise<T>): Promise<T> {
  const pids = chromiumFamily(profileDir).map((p) => p.pid);
  const signal = (name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // gone meanwhile
      }
    }
  };
  signal('SIGSTOP');
  try {
    return await work();
  } finally {
    signal('SIGCONT');
  }
}

/** Peak RSS (MB) of the renderer processes and of all processes of the browser using `profileDir`. */
export function chromiumPeaks(profileDir: string): { rendererMb: number | null; allMb: number | null } {
  const members = chromiumFamily(profileDir);
  if (members.length === 0) return { rendererMb: null, allMb: null };
  const peak = (list: Proc[]) => list.reduce<number | null>((max, p) => Math.max(max ?? 0, vmHwmMb(p.pid) ?? 0), null);
  const sum = members.reduce((total, p) => total + (vmHwmMb(p.pid) ?? 0), 0);
  return { rendererMb: peak(members.filter((p) => p.cmdline.includes('--type=renderer'))), allMb: sum };
}
