// The platform facts of a site (CMS, shop, booking, live chat, analytics), from the
// Wappalyzer detections over the home page and the other crawled pages.
import type { ParsedPage } from './dom.ts';
import { CATEGORY, GENERIC_ECOMMERCE, SITE_BUILDER_SHOPS } from './technology-rules.ts';
import { detectTechnologies, type DetectedTechnology, type TechnologyInput } from './wappalyzer.ts';

export interface TechnologyFacts {
  cms_platform?: string;
  has_ecommerce: boolean;
  ecommerce_platform?: string;
  has_online_booking: boolean;
  booking_platform?: string;
  has_live_chat: boolean;
  live_chat_platform?: string;
  has_analytics: boolean;
  analytics_platform?: string;
  /** Every relevant technology found, best known first. */
  technologies: string[];
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

export function technologyFacts(home: ParsedPage, pages: ParsedPage[]): TechnologyFacts {
  const found = detectTechnologies(technologyInput(home, pages))
    .filter((t) => t.confidence >= MIN_CONFIDENCE)
    .sort((a, b) => b.confidence - a.confidence);
  // Generic markers (a cart icon, an "/order" link to a gift-card seller) alone are not a shop.
  const shops = inCategory(found, CATEGORY.ecommerce).filter((t) => !GENERIC_ECOMMERCE.has(t.name) || linksToOwnCart(pages));
  const namedShop = shops.find((t) => !GENERIC_ECOMMERCE.has(t.name));
  const cms =
    inCategory(found, CATEGORY.cms)[0] ??
    shops.find((t) => SITE_BUILDER_SHOPS.has(t.name)) ??
    // Page builders that are whole sites (Webflow); WordPress builders come with WordPress.
    inCategory(found, CATEGORY.pageBuilders)[0];
  const booking = inCategory(found, CATEGORY.appointments, CATEGORY.reservations)[0];
  const chat = inCategory(found, CATEGORY.liveChat)[0];
  // A tag manager is counted: small-business sites install it to load analytics.
  const analytics = inCategory(found, CATEGORY.analytics)[0] ?? inCategory(found, CATEGORY.tagManagers)[0];
  return {
    cms_platform: cms?.name,
    has_ecommerce: shops.length > 0,
    ecommerce_platform: namedShop?.name,
    has_online_booking: Boolean(booking),
    booking_platform: booking?.name,
    has_live_chat: Boolean(chat),
    live_chat_platform: chat?.name,
    has_analytics: Boolean(analytics),
    analytics_platform: analytics?.name,
    technologies: found.map((t) => t.name),
  };
}
