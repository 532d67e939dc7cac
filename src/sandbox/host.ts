// SandboxHost: the app's handle on the sandbox web. It starts the servers on the configured
// ports the first time something needs them (the sandbox search provider, the crawler), or
// joins a sandbox another outreach process already serves there: the sites are the same,
// since they come from the same seed, and that process hands out its certificate at /ca.pem.
import { request } from 'node:http';
import type { Config } from '../config.ts';
import type { SearchProvider } from '../core/model/providers.ts';
import type { Sandbox, SandboxOptions } from './server.ts';
import type { SandboxSite } from './site.ts';
import { baseUrlOf, urlOf } from './urls.ts';

export type SandboxHandle = Pick<Sandbox, 'sites' | 'urlOf' | 'baseUrlOf' | 'caPem' | 'httpPort' | 'httpsPort'> & {
  /** True when another process serves these ports and this one only reads its sites. */
  joined: boolean;
};

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

export class SandboxHost {
  private running?: Promise<SandboxHandle>;
  private server?: Sandbox;
  private mailDomains?: Set<string>;

  constructor(
    private readonly config: Config,
    private readonly overrides: Partial<SandboxOptions> = {},
  ) {}

  options(): SandboxOptions {
    const { seed, sites, httpPort, httpsPort } = this.config.sandbox;
    return { seed, sites, httpPort, httpsPort, host: '127.0.0.1', ...this.overrides };
  }

  /** Starts the sandbox web once (or joins the one already on these ports). */
  start(): Promise<SandboxHandle> {
    this.running ??= this.launch().catch((error: unknown) => {
      this.running = undefined; // a later call may try again
      throw error;
    });
    return this.running;
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
    const server = this.server;
    this.server = undefined;
    this.running = undefined;
    await server?.close();
  }

  private async launch(): Promise<SandboxHandle> {
    const options = this.options();
    // The servers, the page renderer and the certificate maker load only when the web starts.
    const { PortInUseError, startSandbox } = await import('./server.ts');
    try {
      this.server = await startSandbox(options);
      return { ...this.server, joined: false };
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
      return {
        sites,
        httpPort: ports.httpPort,
        httpsPort: ports.httpsPort,
        urlOf: (site: SandboxSite) => urlOf(site, ports),
        baseUrlOf: (site: SandboxSite) => baseUrlOf(site, ports),
        caPem,
        joined: true,
      };
    }
  }
}
