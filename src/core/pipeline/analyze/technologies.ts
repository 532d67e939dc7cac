// The platform facts of a site (CMS, shop, booking, live chat, analytics), from the
// Wappalyzer detections over the home page and the other crawled pages.
import type { ParsedPage } from './dom.ts';
import { CATEGORY, GENERIC_ECOMMERCE, SITE_BUILDER_SHOPS } from './technology-rules.ts';
import { detectTechnologies, type DetectedTechnology, type TechnologyInput } from './wappalyzer.ts';
import type { VersionedTechnology } from './staleness.ts';

/** A detected technology and the markup that shows it. */
export interface Found {
  name: string;
  evidence: string;
}

export interface TechnologyFacts {
  cms?: Found;
  /** Any sign of a shop: a named platform, or cart markers with a link to the site's own cart. */
  shops: Found[];
  /** The named shop platform, if any. */
  shop?: Found;
  booking?: Found;
  chat?: Found;
  /** Analytics tools, then tag managers. */
  analytics: Found[];
  tagManager?: Found;
  consentManager?: Found;
  /** Every relevant technology found, best known first. */
  technologies: string[];
  /** Technologies found with the version a rule read (and Flash, which needs none), for staleness.ts. */
  versioned: VersionedTechnology[];
}

// Wappalyzer reports weak hints too (one optional marker = 25-50); below this it is a guess.
const MIN_CONFIDENCE = 50;
const HTML_HEAD = 100_000;
const HTML_TAIL = 50_000;
const SCRIPTS_LIMIT = 150_000;

/** Regex rules run over the whole document: bound the work on huge pages. */
function bounded(html: string): string {
  return html.length > HTML_HEAD + HTML_TAIL ? html.slice(0, HTML_HEAD) + html.slice(-HTML_TAIL) : html;
}

function cookiesOf(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  // Several Set-Cookie headers arrive joined by ", "; a comma inside Expires is not followed by name=.
  for (const part of (header ?? '').split(/,(?=\s*[^;,=\s]+=)/)) {
    const m = /^\s*([^=;\s]+)=([^;]*)/.exec(part);
    if (m) out[m[1].toLowerCase()] = [...(out[m[1].toLowerCase()] ?? []), m[2]];
  }
  return out;
}

export function technologyInput(home: ParsedPage, pages: ParsedPage[]): TechnologyInput {
  const meta: Record<string, string[]> = {};
  home.$('meta').each((_, el) => {
    const key = (home.$(el).attr('name') ?? home.$(el).attr('property') ?? '').toLowerCase();
    if (key) meta[key] = [...(meta[key] ?? []), home.$(el).attr('content') ?? ''];
  });
  const headers = Object.fromEntries(Object.entries(home.page.headers ?? {}).map(([k, v]) => [k.toLowerCase(), [String(v)]]));
  const scriptSrc = new Set<string>();
  let scripts = '';
  for (const p of pages) {
    p.$('script[src]').each((_, el) => {
      scriptSrc.add(p.$(el).attr('src') ?? '');
    });
    p.$('script:not([src])').each((_, el) => {
      const type = (p.$(el).attr('type') ?? '').toLowerCase();
      if (type.includes('json') || scripts.length > SCRIPTS_LIMIT) return;
      scripts += p.$(el).text() + '\n';
    });
  }
  return {
    url: home.page.finalUrl || home.page.url,
    html: bounded(home.page.html),
    headers,
    meta,
    cookies: cookiesOf(home.page.headers?.['set-cookie']),
    scriptSrc: [...scriptSrc].filter(Boolean),
    scripts: scripts.slice(0, SCRIPTS_LIMIT),
    doms: pages.map((p) => ({ $: p.$, html: p.page.html })),
  };
}

const inCategory = (found: DetectedTechnology[], ...ids: number[]) => found.filter((t) => t.categories.some((c) => ids.includes(c)));

// A same-site link to a cart or checkout: what turns generic cart markers into a shop.
const CART_PATH = /\/(?:cart|basket|checkout|koszyk|warenkorb|panier|carrito|carrello|winkelwagen)(?:[/?#.]|$)/i;

function linksToOwnCart(pages: ParsedPage[]): boolean {
  return pages.some((p) => {
    const base = p.page.finalUrl || p.page.url;
    return p.$('a[href]').toArray().some((a) => {
      try {
        const url = new URL(a.attribs.href, base);
        return url.host === new URL(base).host && CART_PATH.test(url.pathname);
      } catch {
        return false;
      }
    });
  });
}

const found = (t: DetectedTechnology | undefined): Found | undefined => (t ? { name: t.name, evidence: t.evidence } : undefined);

export function technologyFacts(home: ParsedPage, pages: ParsedPage[]): TechnologyFacts {
  const detected = detectTechnologies(technologyInput(home, pages))
    .filter((t) => t.confidence >= MIN_CONFIDENCE)
    .sort((a, b) => b.confidence - a.confidence);
  // Generic markers (a cart icon, an "/order" link to a gift-card seller) alone are not a shop.
  const shops = inCategory(detected, CATEGORY.ecommerce).filter((t) => !GENERIC_ECOMMERCE.has(t.name) || linksToOwnCart(pages));
  const namedShop = shops.find((t) => !GENERIC_ECOMMERCE.has(t.name));
  const cms =
    inCategory(detected, CATEGORY.cms)[0] ??
    shops.find((t) => SITE_BUILDER_SHOPS.has(t.name)) ??
    // Page builders that are whole sites (Webflow); WordPress builders come with WordPress.
    inCategory(detected, CATEGORY.pageBuilders)[0];
  return {
    cms: found(cms),
    shops: shops.map((t) => found(t)!),
    shop: found(namedShop),
    booking: found(inCategory(detected, CATEGORY.appointments, CATEGORY.reservations)[0]),
    chat: found(inCategory(detected, CATEGORY.liveChat)[0]),
    analytics: [...inCategory(detected, CATEGORY.analytics), ...inCategory(detected, CATEGORY.tagManagers)].map((t) => found(t)!),
    tagManager: found(inCategory(detected, CATEGORY.tagManagers)[0]),
    consentManager: found(inCategory(detected, CATEGORY.cookieCompliance)[0]),
    technologies: detected.map((t) => t.name),
    versioned: detected.flatMap((t) => (t.version ? [{ name: t.name, version: t.version, evidence: t.versionEvidence ?? t.evidence }] : t.name === 'Adobe Flash' ? [{ name: t.name, version: '', evidence: t.evidence }] : [])),
  };
}
