// Who holds a job's lease: "<host>/<pid>/<random>#<loop>". A later process on the same host
// can then tell a lease held by a process that died (its jobs are taken at once) from one
// held by a live worker or by another machine (those run out on their own).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export function newWorkerId(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/** The host and process of a lease owner, or undefined for an id of another form. */
export function leaseHolder(leaseOwner: string): { host: string; pid: number } | undefined {
  const match = /^(.+)\/(\d+)\/[^/#]+(?:#\d+)?$/.exec(leaseOwner);
  return match ? { host: match[1], pid: Number(match[2]) } : undefined;
}

/**
 * The process's state letter from Linux's /proc/<pid>/stat ("R", "S", "Z" for a zombie, ...),
 * or undefined where there is no /proc or the process is not there. The state follows the
 * command name, which is in parentheses and may itself hold spaces and parentheses.
 */
export function processState(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return /^\s*(\S)/.exec(stat.slice(stat.lastIndexOf(')') + 1))?.[1];
  } catch {
    return undefined;
  }
}

/**
 * True only when the holder is provably gone: it ran on this host and its process no longer
 * exists, or is a zombie (it ended, killed or crashed, and only waits for its parent to read
 * its exit status: it will never renew a lease). Another host, an unknown id or a live (or
 * reused) pid are never taken for dead.
 */
export function holderIsGone(leaseOwner: string, here = hostname()): boolean {
  const holder = leaseHolder(leaseOwner);
  if (!holder || holder.host !== here || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'; // EPERM: alive, another user's
  }
  // Signal 0 reaches a zombie too: only its state tells it apart from a live process.
  const state = processState(holder.pid);
  return state === 'Z' || state === 'X';
}
