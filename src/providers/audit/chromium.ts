// Headless Chromium for one Lighthouse run, started by us rather than by Lighthouse: Lighthouse's
// launcher (chrome-launcher) puts Chromium in a process group of its own, so killing the
// Lighthouse CLI's group on a timeout would leave Chromium running. Here Chromium leads its
// own group too, and we hold its id: a time limit kills the CLI's group and Chromium's.
// A process killed with SIGKILL cannot kill anything, so Chromium starts under a small shell
// that leads its group and watches a pipe from us: when we die the pipe closes and the shell
// kills the group, so a crashed worker leaves no browser behind. When Chromium exits by
// itself, the shell kills the group too (its exit is what tells us).
// Chromium and the Lighthouse CLI run at a lower CPU priority (AUDIT_NICENESS): on a host whose
// worker is `outreach serve`'s own, the server's requests come first when the two compete for
// the CPU (on a quiet host it changes nothing, so the measurement is the same).
import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Chromium; CHROME_PATH overrides it (as for Lighthouse itself). */
export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

/** The nice(1) increment of an audit's processes (Chromium, the Lighthouse CLI). */
export const AUDIT_NICENESS = 10;

/** The flags Lighthouse's own launcher uses for a quiet, reproducible browser, plus headless ones. */
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--metrics-recording-only',
  '--mute-audio',
  '--password-store=basic',
  '--use-mock-keychain',
];

export class ChromiumMissingError extends Error {}

export interface ChromiumOptions {
  path: string;
  /** Chromium's --host-resolver-rules (pins the audited host to the address we vetted). */
  hostResolverRules?: string;
  /** SPKI hashes whose certificates are trusted (the sandbox's own CA, for an allow-listed target only). */
  trustedSpki?: string[];
  /** How long to wait for the DevTools port. */
  startTimeoutMs: number;
}

export interface RunningChromium {
  port: number;
  /** The process group's leader (the watchdog shell): killing the group stops Chromium. */
  pid: number;
  stop(): Promise<void>;
}

/** Kills a whole process group (the leader's pid, negated); quiet when it is already gone. */
export function killGroup(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export async function chromiumProblem(path: string): Promise<string | null> {
  try {
    await access(path, constants.X_OK);
    return null;
  } catch {
    return path === DEFAULT_CHROME_PATH ? 'Chromium is not installed: apt-get install chromium' : `Chromium is not installed at ${path} (CHROME_PATH): apt-get install chromium`;
  }
}

export async function startChromium(options: ChromiumOptions): Promise<RunningChromium> {
  const problem = await chromiumProblem(options.path);
  if (problem) throw new ChromiumMissingError(problem);
  const profile = await mkdtemp(join(tmpdir(), 'outreach-lighthouse-'));
  const args = [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0'];
  if (options.hostResolverRules) args.push(`--host-resolver-rules=${options.hostResolverRules}`);
  if (options.trustedSpki?.length) args.push(`--ignore-certificate-errors-spki-list=${options.trustedSpki.join(',')}`);
  args.push('about:blank');
  // fd 3 is our pipe (a background job's own stdin is /dev/null): `read` returns when we are gone.
  const watchdog = `exec 3<&0; nice -n ${AUDIT_NICENESS} "$@" 3<&- & c=$!; { read -r _ <&3; kill -KILL 0; } & wait $c; kill -KILL 0`;
  const child = spawn('/bin/sh', ['-c', watchdog, 'outreach-chromium', options.path, ...args], { detached: true, stdio: ['pipe', 'ignore', 'pipe'] });
  const stop = async () => {
    killGroup(child);
    await rm(profile, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  };
  try {
    const port = await devtoolsPort(child, options.startTimeoutMs);
    return { port, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Chromium prints "DevTools listening on ws://127.0.0.1:PORT/..." on stderr once it is ready. */
function devtoolsPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const done = (error: Error | null, port?: number) => {
      clearTimeout(timer);
      child.stderr?.removeAllListeners('data');
      child.stderr?.resume(); // keep draining: a full pipe would block Chromium
      child.removeAllListeners('exit');
      if (error) reject(error);
      else resolve(port!);
    };
    const timer = setTimeout(() => done(new Error(`Chromium did not start within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    child.once('error', (error) => done(new Error(`Chromium could not start: ${error.message}`)));
    child.once('exit', (code) => done(new Error(`Chromium exited at start (code ${code}): ${seen.trim().split('\n').slice(-2).join(' ').slice(0, 300)}`)));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      seen = (seen + chunk).slice(-4000);
      const m = /DevTools listening on ws:\/\/[^:/]+:(\d+)\//.exec(seen);
      if (m) done(null, Number(m[1]));
    });
  });
}
