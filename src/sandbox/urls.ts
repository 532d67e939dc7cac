// Where a sandbox site lives: http://<slug>.localhost:<http port>/ or https://...:<https port>/.
// *.localhost is loopback by RFC 6761; a crawler maps it to 127.0.0.1 itself (the system
// resolver here does not), and the servers route on the Host header.
import { entryPath } from './placement.ts';
import type { SandboxSite } from './site.ts';

export interface SandboxPorts {
  httpPort: number;
  httpsPort: number;
}

export const SANDBOX_DOMAIN = 'localhost';

export function hostnameOf(site: SandboxSite): string {
  return `${site.slug}.${SANDBOX_DOMAIN}`;
}

/** The canonical home page: the final URL a crawler lands on. */
export function baseUrlOf(site: SandboxSite, ports: SandboxPorts): string {
  const port = site.scheme === 'https' ? ports.httpsPort : ports.httpPort;
  return `${site.scheme}://${hostnameOf(site)}:${port}/`;
}

/** The URL search results list: redirect sites start a chain at http://.../home. */
export function urlOf(site: SandboxSite, ports: SandboxPorts): string {
  if (entryPath(site) === '/') return baseUrlOf(site, ports);
  return `http://${hostnameOf(site)}:${ports.httpPort}${entryPath(site)}`;
}

/** The slug a Host header (or hostname) names, or null when it is not a sandbox site host. */
export function slugFromHost(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const suffix = `.${SANDBOX_DOMAIN}`;
  if (!name.endsWith(suffix)) return null;
  const slug = name.slice(0, -suffix.length);
  // Catalogue slugs are letters and digits; generated sites' labels have hyphens too.
  return slug.length <= 63 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : null;
}

/** True for *.localhost names: resolve them to 127.0.0.1 (RFC 6761) before connecting. */
export function isSandboxHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === SANDBOX_DOMAIN || name.endsWith(`.${SANDBOX_DOMAIN}`);
}
