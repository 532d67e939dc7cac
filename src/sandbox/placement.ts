// Where things appear on a sandbox site, and what a polite crawler may read. The renderer
// and the ground truth both ask these questions here, so they answer them the same way.
import type { SandboxSite } from './site.ts';

/** The pages a crawler is expected to visit. */
export const CRAWLED_PATHS = ['/', '/contact', '/about', '/services'] as const;

/** The pages that answer 200 (ignoring faults). */
export function existingPaths(site: SandboxSite): string[] {
  return [
    '/',
    ...(site.pages.contact ? ['/contact'] : []),
    ...(site.pages.about ? ['/about'] : []),
    ...(site.pages.services ? ['/services'] : []),
  ];
}

export const CRAWLER_USER_AGENT = 'OutreachBot';

export interface RobotsGroup {
  agents: string[];
  rules: { allow: boolean; path: string }[];
}

/** The groups of robots.txt (null: no robots.txt), written the way real sites write them. */
export function robotsGroups(site: SandboxSite): RobotsGroup[] | null {
  const open: RobotsGroup['rules'] =
    site.cms === 'WordPress' ? [{ allow: false, path: '/wp-admin/' }, { allow: true, path: '/wp-admin/admin-ajax.php' }] : [{ allow: false, path: '' }];
  const star = (rules = open): RobotsGroup => ({ agents: ['*'], rules });
  const bot = (rules: RobotsGroup['rules']): RobotsGroup => ({ agents: [CRAWLER_USER_AGENT], rules });
  switch (site.robots) {
    case 'missing':
      return null;
    case 'allow-all':
      return [star()];
    case 'block-other-bot':
      return [{ agents: ['BadBot'], rules: [{ allow: false, path: '/' }] }, star()];
    case 'star-blocked-outreach-allowed':
      return [star([{ allow: false, path: '/' }]), bot([{ allow: true, path: '/' }])];
    case 'disallow-contact':
      return [bot([{ allow: false, path: '/contact' }]), star()];
    case 'star-disallow-contact':
      return [star([{ allow: false, path: '/contact' }])];
    case 'disallow-all':
      return [bot([{ allow: false, path: '/' }]), star()];
  }
}

/** Disallow rules of the group OutreachBot obeys: its own group, else the * group (RFC 9309). */
export function disallowedForOutreachBot(site: SandboxSite): string[] {
  const groups = robotsGroups(site) ?? [];
  const group = groups.find((g) => g.agents.includes(CRAWLER_USER_AGENT)) ?? groups.find((g) => g.agents.includes('*'));
  return (group?.rules ?? []).filter((r) => !r.allow && r.path !== '').map((r) => r.path);
}

export function isAllowed(site: SandboxSite, path: string): boolean {
  return !disallowedForOutreachBot(site).some((prefix) => path.startsWith(prefix));
}

/** The home page cannot be analysed: it fails, or robots.txt keeps OutreachBot out. */
export function isReachable(site: SandboxSite): boolean {
  return site.fault !== '500' && site.fault !== '404' && isAllowed(site, '/');
}

/** Pages a robots-honouring crawler of CRAWLED_PATHS can read. */
export function readablePaths(site: SandboxSite): string[] {
  return isReachable(site) ? existingPaths(site).filter((p) => isAllowed(site, p)) : [];
}

const FOOTER_PRESENTATIONS = new Set(['mailto', 'text', 'at-brackets', 'at-parens', 'entities', 'cloudflare']);

/** Whether the footer of every page carries the business's own addresses. */
export function emailInFooter(site: SandboxSite): boolean {
  return FOOTER_PRESENTATIONS.has(site.email.presentation);
}

/** The pages that show the business's own addresses (in any form). */
export function ownEmailPaths(site: SandboxSite): string[] {
  switch (site.email.presentation) {
    case 'none':
      return [];
    case 'contact-page':
      return ['/contact'];
    case 'json-ld':
      return ['/'];
    default:
      return existingPaths(site);
  }
}

/** The contact form lives on /contact, or on the home page when there is no /contact. */
export function contactFormPath(site: SandboxSite): string | null {
  if (!site.contactForm) return null;
  return site.pages.contact ? '/contact' : '/';
}

/** The JSON-LD block (home page only) carries an email for these presentations. */
export function jsonLdHasEmail(site: SandboxSite): boolean {
  if (!site.jsonLd || site.email.own.length === 0) return false;
  return site.email.presentation === 'json-ld' || site.email.presentation === 'mailto' || site.email.presentation === 'text';
}

/** The URL path a search result points at: redirect sites start a chain at /home. */
export function entryPath(site: SandboxSite): string {
  return site.fault === 'redirect' ? '/home' : '/';
}

/** Hops from the listed URL to the final home page. */
export function redirectHops(site: SandboxSite): number {
  if (site.fault !== 'redirect') return 0;
  // http /home → https /home (https sites only) → /
  return site.scheme === 'https' ? 2 : 1;
}
