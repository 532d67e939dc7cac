// SandboxHost: the app's handle on the sandbox web. It starts the servers on the configured
// ports the first time something needs them (the sandbox search provider, the crawler), or
// joins a sandbox another outreach process already serves there: the sites are the same,
// since they come from the same seed. Trust does not hang on which process serves: every
// process of this user signs with one shared authority (authority.ts) and also trusts the
// certificate the serving process hands out at /ca.pem (an older or another user's process).
// A process that joined watches the ports and serves the sandbox itself when the one that
// served it stops, so a campaign outlives the process that happened to start the sandbox.
import { connect } from 'node:net';
import { request } from 'node:http';
import type { Config } from '../config.ts';
import type { SearchProvider } from '../core/model/providers.ts';
import type { Sandbox, SandboxOptions } from './server.ts';
import type { SandboxSite } from './site.ts';
import { baseUrlOf, urlOf } from './urls.ts';

export type SandboxHandle = Pick<Sandbox, 'sites' | 'urlOf' | 'baseUrlOf' | 'httpPort' | 'httpsPort'> & {
  /** PEM: the authorities to trust for the https sites (the shared one, and the serving process's own if it differs). */
  caPem: string;
  /** True while another process serves these ports and this one uses its sandbox. */
  joined: boolean;
  /** The process serving the sandbox (older versions do not say: undefined). */
  servedBy?: number;
  /** Whether the process serving it signs with this user's shared authority (else its /ca.pem is trusted as fetched). */
  sharedAuthority: boolean;
  /** Where this process keeps the shared authority, or why it could not (it then made its own). */
  authority: { file: string | null; problem?: string };
};

export interface SandboxHostOptions extends Partial<SandboxOptions> {
  /** How often a process that joined checks that the serving process is still there (ms). */
  watchMs?: number;
}

/** GET a file from the sandbox directory host (http://localhost:<port>/...), or null. */
function fetchFromSandbox(port: number, path: string): Promise<string | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: 'localhost' }, timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? body : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** True when nothing listens on the port any more (a refused connection), false when something answers or it is unclear. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** The pid a /sandbox.json names (older versions do not). */
function holderPid(about: string | null): number | undefined {
  try {
    const pid = about ? (JSON.parse(about) as { pid?: unknown }).pid : undefined;
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

const sameCerts = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

export class SandboxHost {
  private running?: Promise<SandboxHandle>;
  private server?: Sandbox;
  private mailDomains?: Set<string>;
  private watch?: NodeJS.Timeout;
  private readonly listeners = new Set<(handle: SandboxHandle) => void>();

  constructor(
    private readonly config: Config,
    private readonly overrides: SandboxHostOptions = {},
  ) {}

  options(): SandboxOptions {
    const { seed, sites, httpPort, httpsPort } = this.config.sandbox;
    const { watchMs: _, ...overrides } = this.overrides;
    return { seed, sites, httpPort, httpsPort, host: '127.0.0.1', ...overrides };
  }

  /** Starts the sandbox web once (or joins the one already on these ports). */
  start(): Promise<SandboxHandle> {
    this.running ??= this.launch().catch((error: unknown) => {
      this.running = undefined; // a later call may try again
      throw error;
    });
    return this.running;
  }

  /** Called when this process takes over serving a sandbox it had joined. */
  onTakeOver(listener: (handle: SandboxHandle) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether a mail domain is one of the sandbox's (its businesses' own, or the invented
   * agencies'): those are answered by the sandbox, never looked up in the real DNS. Known
   * from the seed, without starting the servers.
   */
  async ownsMailDomain(domain: string): Promise<boolean> {
    const name = domain.toLowerCase();
    // The generator and its catalogue load with the first address checked.
    const [{ AGENCIES }, { generateSites }, { generatedSite }] = await Promise.all([import('./catalog/names.ts'), import('./generate.ts'), import('./generated/sites.ts')]);
    this.mailDomains ??= new Set([...generateSites({ seed: this.options().seed, count: this.options().sites }).map((s) => s.domain), ...AGENCIES.map((a) => a.domain)]);
    if (this.mailDomains.has(name)) return true;
    // A business generated for a search ("roofers in Phoenix"): its label decodes back to the site.
    const label = name.slice(0, name.lastIndexOf('.'));
    return label.length > 0 && generatedSite(label)?.domain === name;
  }

  async search(): Promise<SearchProvider> {
    const { SandboxSearch } = await import('../providers/search/sandbox.ts');
    return new SandboxSearch(await this.start());
  }

  async close(): Promise<void> {
    clearInterval(this.watch);
    this.watch = undefined;
    const server = this.server;
    this.server = undefined;
    this.running = undefined;
    await server?.close();
  }

  private async launch(): Promise<SandboxHandle> {
    const options = this.options();
    // The servers, the page renderer and the certificate maker load only when the web starts.
    const [{ PortInUseError, startSandbox }, { sharedAuthority }] = await Promise.all([import('./server.ts'), import('./authority.ts')]);
    const { authority: own, file, problem } = await sharedAuthority();
    const kept = { file, ...(problem && { problem }) };
    try {
      this.server = await startSandbox({ ...options, authority: own });
      return { ...this.server, caPem: own.cert, joined: false, servedBy: process.pid, sharedAuthority: true, authority: kept };
    } catch (error) {
      if (!(error instanceof PortInUseError) || !options.httpPort || !options.httpsPort) throw error;
      const about = await fetchFromSandbox(options.httpPort, '/sandbox.json');
      const caPem = await fetchFromSandbox(options.httpPort, '/ca.pem');
      if (!about || !caPem?.includes('BEGIN CERTIFICATE')) throw error; // something else holds the port
      // The other process may run another seed or size: generate what it actually serves.
      const served = JSON.parse(about) as { seed: string; sites: number; httpPort: number; httpsPort: number };
      const ports = { httpPort: served.httpPort, httpsPort: served.httpsPort };
      const { generateSites } = await import('./generate.ts');
      const sites = generateSites({ seed: served.seed, count: served.sites });
      const shared = sameCerts(caPem, own.cert);
      const handle: SandboxHandle = {
        sites,
        httpPort: ports.httpPort,
        httpsPort: ports.httpsPort,
        urlOf: (site: SandboxSite) => urlOf(site, ports),
        baseUrlOf: (site: SandboxSite) => baseUrlOf(site, ports),
        // Its own authority too: after a take-over this process serves with it.
        caPem: shared ? own.cert : `${caPem.trim()}\n${own.cert.trim()}\n`,
        joined: true,
        servedBy: holderPid(about),
        sharedAuthority: shared,
        authority: kept,
      };
      this.watchHolder(handle, { ...options, ...ports, seed: served.seed, sites: served.sites, authority: own });
      return handle;
    }
  }

  /**
   * While joined: once nothing listens on the sandbox's http port any more (the process that
   * served it stopped), serve the same sandbox (its seed, size and ports) from this process.
   * If another process is quicker, this one stays joined to it.
   */
  private watchHolder(handle: SandboxHandle, served: SandboxOptions): void {
    let busy = false;
    let skip = 0; // after a failed attempt, the next few checks are skipped (starting costs a little)
    const check = async () => {
      if (busy || !handle.joined) return;
      if (skip > 0) return void skip--;
      busy = true;
      try {
        if (!(await portIsFree(served.httpPort!))) return;
        const { startSandbox } = await import('./server.ts');
        this.server = await startSandbox(served);
        if (this.watch === undefined) {
          // This host was closed while the sandbox started: it serves nothing.
          await this.server.close();
          this.server = undefined;
          return;
        }
        clearInterval(this.watch);
        this.watch = undefined;
        Object.assign(handle, { joined: false, servedBy: process.pid });
        for (const listener of this.listeners) listener(handle);
      } catch {
        // Another process took the ports first (or one of them is held): stay joined, and say whose it is now.
        skip = 4;
        const pid = holderPid(await fetchFromSandbox(served.httpPort!, '/sandbox.json'));
        if (pid !== undefined) handle.servedBy = pid;
      } finally {
        busy = false;
      }
    };
    this.watch = setInterval(() => void check(), this.overrides.watchMs ?? 1000);
    this.watch.unref(); // a CLI command ends when its work does
  }
}
