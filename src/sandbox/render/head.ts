// The <head> of a sandbox page: viewport (or not), CMS fingerprints, analytics and, on the
// home page, the schema.org LocalBusiness block.
import { industryByKey } from '../catalog/industries.ts';
import { sitePerformance } from '../performance.ts';
import { siteNaming } from '../naming.ts';
import { jsonLdHasEmail } from '../placement.ts';
import type { SandboxSite } from '../site.ts';
import { esc, scriptJson } from './html.ts';
import { analyticsHead, cmsHead } from './widgets.ts';

export function jsonLd(site: SandboxSite, baseUrl: string): string {
  const industry = industryByKey(site.industry);
  const naming = siteNaming(site);
  const a = site.address;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': industry.schemaType,
    name: site.name,
    ...(naming.legalName && { legalName: naming.legalName }),
    url: baseUrl,
    ...(site.phone && { telephone: site.phone }),
    ...(jsonLdHasEmail(site) && { email: site.email.own[0] }),
    ...(a && {
      address: {
        '@type': 'PostalAddress',
        streetAddress: a.suite ? `${a.street}, ${a.suite}` : a.street,
        addressLocality: a.city,
        addressRegion: a.state || undefined,
        postalCode: a.zip || undefined,
        addressCountry: 'US',
      },
    }),
    ...(site.hours && { openingHours: site.hours }),
    ...(site.owner && { founder: { '@type': 'Person', name: site.owner.name } }),
    foundingDate: String(site.founded),
    priceRange: '$$',
  };
  return `<script type="application/ld+json">\n${scriptJson(data)}\n</script>`;
}

export interface HeadOptions {
  title: string;
  description: string;
  canonical: string;
  baseUrl: string;
  home: boolean;
}

export function renderHead(site: SandboxSite, o: HeadOptions): string {
  const lines = [
    '<meta charset="utf-8" />',
    site.viewport ? '<meta name="viewport" content="width=device-width, initial-scale=1" />' : '',
    `<title>${esc(o.title)}</title>`,
    `<meta name="description" content="${esc(o.description)}" />`,
    siteNaming(site).siteName ? `<meta property="og:site_name" content="${esc(site.name)}" />` : '',
    `<link rel="canonical" href="${esc(o.canonical)}" />`,
    cmsHead(site),
    // Plain <link>/<script> tags without async or defer: the page waits for them before drawing.
    ...sitePerformance(site).renderBlocking.map((path) => (path.endsWith('.css') ? `<link rel="stylesheet" href="${path}" />` : `<script src="${path}"></script>`)),
    analyticsHead(site),
    o.home && site.jsonLd ? jsonLd(site, o.baseUrl) : '',
  ];
  return `<head>\n${lines.filter(Boolean).join('\n')}\n</head>`;
}
