// The site audit: Google Lighthouse (the package's own CLI, in a child process) measuring one
// site in Debian's headless Chromium with Lighthouse's default mobile emulation and simulated
// throttling. One run at a time on this machine (Lighthouse's authors advise against parallel
// runs: they skew each other's numbers), a time limit per run that kills Lighthouse and
// Chromium, and of N runs the middle one by performance score (one whole run, not a median per
// metric). A runtime error, a timeout or a missing Chromium is `measured: false` with the
// reason, never numbers.
//
// Addresses (the crawler's SSRF guard, same allow-list): the URL's host is resolved and vetted
// before Chromium starts, and Chromium is pinned to the vetted address (--host-resolver-rules),
// so DNS rebinding cannot swap it. What the guard cannot cover: a browser follows redirects,
// loads subresources and frames from any host, and resolves those names itself. So after the
// run every URL Chromium loaded (requested, final, each network request) is checked again:
// IP literals and local names against the allow-list, other names by resolving them. A run
// that touched a private address is refused (not reported, screenshot included). It cannot
// undo a request already sent to such an address (a blind request with no answer shown).
// When the target itself is an allow-listed local address (the sandbox, tests), Chromium may
// resolve no other name at all, so an audit there never reaches the internet.
//
// Then the same Chromium takes the desktop screenshot (desktop-screenshot.ts): a second load in
// a 1350x940 desktop window, every request vetted by the same rules before it is sent. When it
// cannot be taken the audit has no desktop screenshot and says why in its warnings.
import { spawn } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isIP } from 'node:net';
import type { AuditOptions, MeasuredAudit, SiteAudit, SiteAuditor, UnmeasuredAudit } from '../../core/model/audit.ts';
import { BlockedAddressError, SsrfGuard, bareHostname, isLocalhostName, portOf, type Resolver } from '../crawl/ssrf-guard.ts';
import { AUDIT_NICENESS, ChromiumMissingError, DEFAULT_CHROME_PATH, killGroup, startChromium } from './chromium.ts';
import { desktopScreenshot } from './desktop-screenshot.ts';
import { keptOf, loadedUrls, readLhr, throttlingWords, type Lhr } from './lhr.ts';

export interface LighthouseAuditorOptions {
  /** "ip:port" pairs that may be audited although not public (the sandbox's, a test server's): as the crawler's. */
  allow: string[];
  /** PEM certificates trusted for allow-listed targets only (the sandbox's CA). */
  ca?: string[];
  /** Chromium (default /usr/bin/chromium; the app passes CHROME_PATH when set). */
  chromePath?: string;
  /** Runs per audit, the median kept (default 1). */
  runs?: number;
  /** Time limit of one run, Chromium's start included (default 120 s). */
  timeoutMs?: number;
  resolve?: Resolver;
  /** Called when a run starts (progress lines). */
  onRun?: (run: number, of: number) => void;
}

/** The lighthouse package's own CLI, resolved from node_modules (it is never bundled into dist/). */
function lighthouseCli(): string {
  try {
    return createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  } catch {
    throw new NotMeasured('Lighthouse is not installed: npm install (the lighthouse package is a dependency)');
  }
}
/** Hosts checked by DNS after a run at most (the rest are still checked for literal private addresses). */
const MAX_RESOLVED_HOSTS = 40;
/** The desktop screenshot's share of the run's time limit at most. */
const DESKTOP_SHOT_MS = 30_000;

/** One Lighthouse run at a time in this process (the machine's CPU is the measuring instrument). */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

class NotMeasured extends Error {
  constructor(
    message: string,
    readonly chromiumMissing = false,
  ) {
    super(message);
  }
}

export class LighthouseAuditor implements SiteAuditor {
  private readonly guard: SsrfGuard;
  private readonly chromePath: string;

  constructor(private readonly options: LighthouseAuditorOptions) {
    this.guard = new SsrfGuard({ allow: options.allow, resolve: options.resolve });
    this.chromePath = options.chromePath || DEFAULT_CHROME_PATH;
  }

  async audit(url: string, options: AuditOptions = {}): Promise<SiteAudit> {
    const started = Date.now();
    const runs = Math.max(1, Math.floor(options.runs ?? this.options.runs ?? 1));
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 120_000;
    try {
      const target = await this.vet(url);
      const results: MeasuredAudit[] = [];
      let failure: NotMeasured | undefined;
      for (let run = 1; run <= runs; run++) {
        this.options.onRun?.(run, runs);
        try {
          results.push(await oneAtATime(() => this.runOnce(url, target, timeoutMs)));
        } catch (error) {
          if (!(error instanceof NotMeasured)) throw error;
          failure ??= error;
          if (error.chromiumMissing) break;
        }
      }
      if (results.length === 0) throw failure ?? new NotMeasured('no run finished');
      const median = keptOf(results);
      const failed = runs - results.length;
      return {
        ...median,
        warnings: failed ? [...median.warnings, `${failed} of ${runs} runs failed: ${failure?.message}`] : median.warnings,
        measured_at: new Date(started).toISOString(),
        duration_ms: Date.now() - started,
      };
    } catch (error) {
      return notMeasured(url, error, started);
    }
  }

  /** The SSRF guard before launch; what Chromium should be told about names and certificates. */
  private async vet(url: string): Promise<{ rules?: string; spki?: string[]; confined: boolean }> {
    let parsed: URL;
    let addresses: { address: string }[];
    try {
      parsed = this.guard.checkUrl(url);
      addresses = await this.guard.check(parsed);
    } catch (error) {
      throw new NotMeasured(error instanceof BlockedAddressError ? error.message : `could not resolve ${url}: ${(error as Error).message}`);
    }
    const host = bareHostname(parsed);
    const allowListed = addresses.some((a) => this.guard.isAllowListed(a.address, portOf(parsed)));
    if (allowListed) {
      // A local test target: no other name resolves, so nothing beyond this machine is reached.
      const excluded = ['localhost', '*.localhost', ...new Set(this.options.allow.map((a) => a.replace(/:\d+$/, '')))];
      return { rules: ['MAP * ~NOTFOUND', ...excluded.map((e) => `EXCLUDE ${e}`)].join(', '), spki: (this.options.ca ?? []).map(spkiHash), confined: true };
    }
    if (isIP(host) || isLocalhostName(host)) return { confined: false };
    const address = addresses[0].address;
    return { rules: `MAP ${host} ${isIP(address) === 6 ? `[${address}]` : address}`, confined: false };
  }

  private async runOnce(url: string, target: { rules?: string; spki?: string[]; confined: boolean }, timeoutMs: number): Promise<MeasuredAudit> {
    const started = Date.now();
    const deadline = started + timeoutMs;
    let chromium;
    try {
      chromium = await startChromium({ path: this.chromePath, hostResolverRules: target.rules, trustedSpki: target.spki, startTimeoutMs: Math.min(timeoutMs, 30_000) });
    } catch (error) {
      if (error instanceof ChromiumMissingError) throw new NotMeasured(error.message, true);
      throw new NotMeasured((error as Error).message);
    }
    try {
      const lhr = await runLighthouse(url, chromium.port, deadline - Date.now(), timeoutMs);
      if (lhr.runtimeError) throw new NotMeasured(`Lighthouse could not measure the page: ${lhr.runtimeError.message} (${lhr.runtimeError.code})`);
      await this.checkLoaded(lhr, target.confined);
      const fields = readLhr(lhr);
      const resolved = new Set<string>();
      const vetted = new Map<string, Promise<string | null>>();
      const desktop = await desktopScreenshot({
        port: chromium.port,
        url: fields.final_url || url,
        timeoutMs: Math.min(DESKTOP_SHOT_MS, deadline - Date.now()),
        vet: (loaded) => vetted.get(loaded.host) ?? vetted.set(loaded.host, this.loadProblem(loaded, target.confined, resolved)).get(loaded.host)!,
      });
      const screenshots = 'shot' in desktop ? { ...fields.screenshots, desktop: desktop.shot } : fields.screenshots;
      const warnings = 'problem' in desktop ? [...fields.warnings, `No desktop screenshot: ${desktop.problem}`] : fields.warnings;
      return { ...fields, source: 'lighthouse', screenshots, warnings, url, runs: 1, throttling: throttlingWords(lhr, 1), measured_at: new Date(started).toISOString(), duration_ms: Date.now() - started };
    } finally {
      await chromium.stop();
    }
  }

  /** After the run: refuse it if Chromium went to an address the guard forbids. */
  private async checkLoaded(lhr: Lhr, confined: boolean): Promise<void> {
    const byHost = new Map<string, URL>();
    for (const raw of loadedUrls(lhr)) {
      const url = new URL(raw);
      if (!byHost.has(url.host)) byHost.set(url.host, url);
    }
    const resolved = new Set<string>();
    for (const url of byHost.values()) {
      const problem = await this.loadProblem(url, confined, resolved);
      if (problem) throw refused(url, problem);
    }
  }

  /**
   * Why Chromium must not have loaded (or must not load) `url`, or null: IP literals and local
   * names against the allow-list, other names by resolving them (at most MAX_RESOLVED_HOSTS,
   * counted in `resolved`; a confined run resolves no other name, so none are looked up).
   */
  private async loadProblem(url: URL, confined: boolean, resolved: Set<string>): Promise<string | null> {
    const host = bareHostname(url);
    if (isIP(host) || isLocalhostName(host)) return this.guard.staticProblem(url);
    if (confined || (!resolved.has(host) && resolved.size >= MAX_RESOLVED_HOSTS)) return null;
    resolved.add(host);
    try {
      await this.guard.check(url);
      return null;
    } catch (error) {
      if (error instanceof BlockedAddressError) return error.reason;
      return null; // a name that does not resolve here could not have been reached either
    }
  }
}

function refused(url: URL, why: string): NotMeasured {
  return new NotMeasured(`the page led Chromium to ${url.origin} (${why}): the run is not reported`);
}

function notMeasured(url: string, error: unknown, started: number): UnmeasuredAudit {
  if (!(error instanceof NotMeasured)) throw error;
  return { measured: false, url, reason: error.message, chromium_missing: error.chromiumMissing, measured_at: new Date(started).toISOString(), duration_ms: Date.now() - started };
}

/** SHA-256 of a certificate's public key, base64: what --ignore-certificate-errors-spki-list takes. */
function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/**
 * The Lighthouse CLI against the Chromium on `port` for what is left of the run's time limit;
 * its report, or NotMeasured. The report goes to a file, not stdout: on a runtime error the CLI
 * calls process.exit() right after writing, which can cut a piped stdout short.
 */
async function runLighthouse(url: string, port: number, timeoutMs: number, limitMs: number): Promise<Lhr> {
  if (timeoutMs <= 0) throw timedOut(limitMs);
  const dir = await mkdtemp(join(tmpdir(), 'outreach-lhr-'));
  const reportPath = join(dir, 'report.json');
  const args = [
    lighthouseCli(),
    url,
    `--port=${port}`,
    '--hostname=127.0.0.1',
    '--output=json',
    `--output-path=${reportPath}`,
    '--quiet',
    // The full-page screenshot and the filmstrip are large and unused (the final, above-the-fold
    // one is kept): a smaller report is less to read in this process, which may be the server's.
    // The back/forward-cache audit is in no category score and costs a second navigation.
    '--disable-full-page-screenshot',
    '--skip-audits=bf-cache,screenshot-thumbnails',
  ];
  try {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      lowerPriority(child.pid);
      let err = '';
      let timer: NodeJS.Timeout | undefined = setTimeout(() => {
        timer = undefined;
        killGroup(child);
        reject(timedOut(limitMs));
      }, timeoutMs);
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => (err = (err + chunk).slice(-4000)));
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new NotMeasured(`Lighthouse could not start: ${error.message}`));
      });
      child.once('close', (exitCode) => {
        if (!timer) return; // the time limit already answered
        clearTimeout(timer);
        killGroup(child);
        resolve({ code: exitCode, stderr: err });
      });
    });
    try {
      // Lighthouse writes its report even when it exits 1 for a runtime error.
      return JSON.parse(await readFile(reportPath, 'utf8')) as Lhr;
    } catch {
      const runtime = /Runtime error encountered: (.+)/.exec(stderr);
      if (runtime) throw new NotMeasured(`Lighthouse could not measure the page: ${runtime[1].trim()}`);
      const why = stderr.trim().split('\n').filter(Boolean).slice(-2).join(' ').slice(0, 400) || `exit code ${code}`;
      throw new NotMeasured(`Lighthouse gave no report: ${why}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The Lighthouse CLI at Chromium's lower priority (chromium.ts says why); best effort: a run at normal priority measures the same. */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, AUDIT_NICENESS);
  } catch {
    // already exited, or not permitted here
  }
}

function timedOut(timeoutMs: number): NotMeasured {
  return new NotMeasured(`the audit did not finish within ${Math.round(timeoutMs / 1000)} s (the site is too slow to load, or this machine is too busy): not measured`);
}
