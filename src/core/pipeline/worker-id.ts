// Who holds a job's lease: "<host>/<pid>/<random>#<loop>". A later process on the same host
// can then tell a lease held by a process that died (its jobs are taken at once) from one
// held by a live worker or by another machine (those run out on their own).
import { randomUUID } from 'node:crypto';
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
 * True only when the holder is provably gone: it ran on this host and its process no longer
 * exists. Another host, an unknown id or a live (or reused) pid are never taken for dead.
 */
export function holderIsGone(leaseOwner: string, here = hostname()): boolean {
  const holder = leaseHolder(leaseOwner);
  if (!holder || holder.host !== here || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'; // EPERM: alive, another user's
  }
}
