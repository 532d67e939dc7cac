// groundTruth: what an analyser and a contact finder must report for a sandbox site, computed
// from the same record the pages are rendered from.
//
// The contact fields (emails, primary_email, contact_name, phone, address, business_hours)
// and has_contact_form are what a crawler can find when it honours robots.txt for
// OutreachBot and reads /, /contact, /about and /services: empty when `reachable` is false.
// The technical fields describe the home page; they can only be checked when it is reachable.
import {
  contactFormPath,
  disallowedForOutreachBot,
  existingPaths,
  isReachable,
  ownEmailPaths,
  readablePaths,
  redirectHops,
} from './placement.ts';
import type { EmailPresentation, Fault, SandboxSite } from './site.ts';

export interface SiteTruth {
  slug: string;
  hostname: string;
  name: string;
  industry: string;
  city: string;
  state: string;
  /** Whether a polite crawler can read the home page at all. */
  reachable: boolean;
  fault: Fault;
  /** Redirects from the listed URL to the home page. */
  redirects: number;
  has_ssl: boolean;
  is_mobile_responsive: boolean;
  cms_platform: 'WordPress' | 'Shopify' | 'Wix' | 'Squarespace' | null;
  has_ecommerce: boolean;
  ecommerce_platform: 'Shopify' | 'WooCommerce' | null;
  has_online_booking: boolean;
  booking_platform: string | null;
  has_contact_form: boolean;
  has_live_chat: boolean;
  live_chat_platform: string | null;
  has_analytics: boolean;
  analytics_platform: string | null;
  /** Home-page <img> tags without both width and height attributes. */
  unoptimized_images_count: number;
  images_count: number;
  /** Home-page <img> tags with no alt attribute. */
  images_without_alt: number;
  /** Home-page links with neither text nor aria-label. */
  empty_links_count: number;
  has_lang_attribute: boolean;
  /** The language of the visible text (ISO 639-1). */
  website_language: string;
  has_json_ld: boolean;
  /** Findable addresses: own domain first (the primary first), then third-party ones. */
  emails: string[];
  /** The address a contact finder should pick, or null. */
  primary_email: string | null;
  /** Every address on the site, including pages robots.txt closes. */
  all_emails: string[];
  email_presentation: EmailPresentation;
  own_domain: string;
  contact_name: string | null;
  phone: string | null;
  /** Digits with country code, e.g. +15125550142. */
  phone_e164: string | null;
  /** One line: "1234 Congress Ave, Suite 200, Austin, TX 78701" (pages may break it into lines). */
  address: string | null;
  business_hours: string | null;
  /** Paths that answer 200 (when the site has no fault). */
  pages: string[];
  robots: { has_robots_txt: boolean; disallowed: string[] };
  issues: string[];
  issue_codes: string[];
}

export function formatAddress(site: SandboxSite): string | null {
  const a = site.address;
  if (!a) return null;
  // A generated town the sandbox cannot place has neither state nor ZIP code.
  return [a.street, a.suite, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** Internal links on every page that point at a missing page. */
export function brokenLinks(site: SandboxSite): string[] {
  if (!site.navLinksMissingPages) return [];
  return ['/contact', '/about', '/services'].filter((p) => !existingPaths(site).includes(p));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function technicalIssues(site: SandboxSite, t: Omit<SiteTruth, 'issues' | 'issue_codes'>): [string, string][] {
  const issues: [string, string][] = [];
  const add = (code: string, text: string) => issues.push([code, text]);
  if (site.fault === '500') add('server_error', 'Home page returns a server error (HTTP 500)');
  if (site.fault === '404') add('home_not_found', 'Home page not found (HTTP 404)');
  if (site.fault === 'slow') add('slow_home', 'Slow home page (over 3 seconds to respond)');
  if (site.fault === 'redirect') add('redirect_chain', `Redirect chain (${plural(t.redirects, 'hop', 'hops')}) before the home page`);
  if (!t.has_ssl) add('no_ssl', 'No SSL certificate (site served over http)');
  if (!t.is_mobile_responsive) add('no_viewport', 'Not mobile responsive (no viewport meta tag)');
  if (t.images_without_alt > 0) add('images_missing_alt', `${plural(t.images_without_alt, 'image', 'images')} without alt text`);
  if (t.unoptimized_images_count > 0) {
    add('unoptimized_images', `${plural(t.unoptimized_images_count, 'unoptimized image', 'unoptimized images')} (no width/height attributes)`);
  }
  if (!t.has_lang_attribute) add('missing_lang', 'Missing lang attribute on the html element');
  if (t.empty_links_count > 0) add('empty_links', `${plural(t.empty_links_count, 'link', 'links')} without text or label`);
  const broken = brokenLinks(site).length;
  if (broken > 0) add('broken_links', `${plural(broken, 'broken internal link', 'broken internal links')} (HTTP 404)`);
  // Hosted builders draw their forms in the browser and count visits in their own dashboards:
  // an absence there cannot be proven from the pages, so it is never claimed.
  const hosted = t.cms_platform !== null && t.cms_platform !== 'WordPress';
  if (!t.has_contact_form && !hosted) add('no_contact_form', 'No contact form');
  if (!t.has_analytics && !hosted) add('no_analytics', 'No analytics installed');
  return issues;
}

export function groundTruth(site: SandboxSite): SiteTruth {
  const reachable = isReachable(site);
  const readable = readablePaths(site);
  const ownVisible = ownEmailPaths(site).some((p) => readable.includes(p));
  const own = ownVisible ? site.email.own : [];
  const third = reachable && site.email.thirdParty ? [site.email.thirdParty] : [];
  const formPath = contactFormPath(site);
  const phoneDigits = site.phone?.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  const base: Omit<SiteTruth, 'issues' | 'issue_codes'> = {
    slug: site.slug,
    hostname: `${site.slug}.localhost`,
    name: site.name,
    industry: site.industry,
    city: site.city,
    state: site.state,
    reachable,
    fault: site.fault,
    redirects: redirectHops(site),
    has_ssl: site.scheme === 'https',
    is_mobile_responsive: site.viewport,
    cms_platform: site.cms,
    has_ecommerce: site.ecommerce !== null,
    ecommerce_platform: site.ecommerce,
    has_online_booking: site.booking !== null,
    booking_platform: site.booking,
    has_contact_form: formPath !== null && readable.includes(formPath),
    has_live_chat: site.liveChat !== null,
    live_chat_platform: site.liveChat,
    has_analytics: site.analytics !== null,
    analytics_platform: site.analytics,
    unoptimized_images_count: site.images.filter((i) => i.width === null || i.height === null).length,
    images_count: site.images.length,
    images_without_alt: site.images.filter((i) => i.alt === null).length,
    empty_links_count: site.emptyLinks,
    has_lang_attribute: site.langAttribute,
    website_language: site.language,
    has_json_ld: site.jsonLd,
    emails: [...own, ...third],
    primary_email: own[0] ?? null,
    all_emails: [...site.email.own, ...(site.email.thirdParty ? [site.email.thirdParty] : [])],
    email_presentation: site.email.presentation,
    own_domain: site.domain,
    contact_name: reachable ? (site.owner?.name ?? null) : null,
    phone: reachable ? site.phone : null,
    phone_e164: reachable && phoneDigits ? `+1${phoneDigits}` : null,
    address: reachable ? formatAddress(site) : null,
    business_hours: reachable ? site.hours : null,
    pages: existingPaths(site),
    robots: { has_robots_txt: site.robots !== 'missing', disallowed: disallowedForOutreachBot(site) },
  };
  const issues = technicalIssues(site, base);
  return { ...base, issues: issues.map(([, text]) => text), issue_codes: issues.map(([code]) => code) };
}
