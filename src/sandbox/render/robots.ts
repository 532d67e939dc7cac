// robots.txt of a sandbox site, written from the groups placement.ts defines (the ground
// truth reads the same groups), so a parser must pick the OutreachBot group when there is
// one and fall back to * otherwise.
import { robotsGroups } from '../placement.ts';
import type { SandboxSite } from '../site.ts';

/** The robots.txt body, or null when the site has none (404). */
export function renderRobots(site: SandboxSite): string | null {
  const groups = robotsGroups(site);
  if (!groups) return null;
  const comment = site.robots === 'disallow-all' ? '# We do not want to be contacted by outreach tools.\n' : '';
  const text = groups.map((g) => [
    ...g.agents.map((a) => `User-agent: ${a}`),
    ...g.rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.path}`),
  ].join('\n'));
  return `${comment}${text.join('\n\n')}\n`;
}
