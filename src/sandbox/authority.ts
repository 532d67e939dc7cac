// The sandbox's certificate authority, one per user and machine: every outreach process of this
// user (a `serve`, a second `serve` with another data folder, `outreach run`, `outreach worker`)
// signs its sandbox sites with it and trusts it, so whichever process serves the sandbox ports
// (the first to start, or the one that takes them over when it stops) is trusted by all the
// others. Kept in a private folder in the system's temporary directory; where that cannot be
// used safely (a folder another user owns, no write access), a process makes its own authority,
// as before: a process that joins it then trusts the certificate it serves at /ca.pem.
import { randomUUID, X509Certificate } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthority, type Authority } from './tls.ts';

/** Renewed this long before it expires (it is valid a year), so leaves never outlive it. */
const RENEW_BEFORE_MS = 30 * 24 * 3600_000;

export interface SharedAuthority {
  authority: Authority;
  /** Where it is kept, or null when this process made its own (and why). */
  file: string | null;
  problem?: string;
}

/** The folder every process of this user looks in. */
export function authorityDir(base = tmpdir()): string {
  return join(base, `outreach-sandbox-${process.getuid?.() ?? 'user'}`);
}

function isAuthority(value: unknown): value is Authority {
  const v = value as Partial<Authority> | null;
  return typeof v?.key === 'string' && typeof v.cert === 'string' && typeof v.publicKey === 'string';
}

/** The stored authority if it is whole and not about to expire. */
function readUsable(file: string): Authority | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (!isAuthority(stored)) return undefined;
  try {
    const cert = new X509Certificate(stored.cert);
    if (!cert.ca || Date.parse(cert.validTo) - Date.now() < RENEW_BEFORE_MS) return undefined;
  } catch {
    return undefined;
  }
  return stored;
}

/** A folder only this user can enter: made with 0700, and refused if someone else made it. */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a folder`);
  if (process.getuid && stat.uid !== process.getuid()) throw new Error(`${dir} belongs to another user`);
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) throw new Error(`${dir} is open to other users`);
}

/** Loads the shared authority, making (or renewing) it when there is none usable. */
export async function loadSharedAuthority(dir = authorityDir()): Promise<SharedAuthority> {
  const file = join(dir, 'ca.json');
  try {
    privateDir(dir);
    const stored = readUsable(file);
    if (stored) return { authority: stored, file };
    const made = await createAuthority();
    const temp = join(dir, `ca.${process.pid}.${randomUUID()}.tmp`);
    writeFileSync(temp, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    try {
      // Linked in only where there is none (link fails if another process got there first);
      // a damaged or expiring one is replaced, unless another process replaced it meanwhile.
      if (!readUsable(file)) {
        try {
          linkSync(temp, file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          if (!readUsable(file)) renameSync(temp, file);
        }
      }
    } finally {
      try {
        unlinkSync(temp);
      } catch {
        /* renamed */
      }
    }
    // Whatever is there now is what every other process reads: the one that won a race.
    const settled = readUsable(file);
    if (!settled) throw new Error(`${file} could not be read back`);
    return { authority: settled, file };
  } catch (error) {
    return { authority: await createAuthority(), file: null, problem: (error as Error).message };
  }
}

let shared: Promise<SharedAuthority> | undefined;

/** The shared authority, loaded once per process. */
export function sharedAuthority(): Promise<SharedAuthority> {
  shared ??= loadSharedAuthority();
  return shared;
}
