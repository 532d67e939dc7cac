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
import { copyrightNotice, copyrightText, logoImage } from './naming.ts';
import { homeImages, sitePerformance, telOf, type BrokenResource, type CertificateState, type PerformanceProfile } from './performance.ts';
import type { HeroFormat } from './images.ts';
import type { EmailPresentation, Fault, SandboxSite } from './site.ts';

/** What Lighthouse and a crawl can measure on the site's home page (see performance.ts). */
export interface PerformanceTruth {
  profile: PerformanceProfile;
  /** The hero image at the top of the home page, or null. */
  hero: { path: string; format: HeroFormat; width: number; height: number; sized: boolean; bytes: number } | null;
  /** 0 without a hero. */
  hero_bytes: number;
  /** Stylesheets and scripts in <head> that block rendering, each answered after render_blocking_delay_ms. */
  render_blocking: string[];
  render_blocking_delay_ms: number;
  /** The wait before the home page's first byte (the "slow" fault's included), when the sandbox serves delays. */
  first_byte_delay_ms: number;
  /** A banner is pushed in above the content about a second after load (a layout shift). */
  layout_shift: boolean;
}

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
  performance: PerformanceTruth;
  /** The newest year in the footer's copyright line, the line itself, and its notice as a reader quotes it ("© 2009–2016 Lopez Plumbing LLC": no rights clause, no credit). */
  copyright_year: number;
  /** The year is a past one (2019 or before), not the current one. */
  copyright_stale: boolean;
  /** What the home page's phone link dials when it is mistyped (it shows the right number), or null. */
  phone_link_dials: string | null;
  copyright_line: string;
  copyright_notice: string;
  /**
   * What the https certificate says: none (the site is http only), valid, expiring (ends within
   * two weeks) or expired (browsers warn; a client must read past CERT_HAS_EXPIRED to see the pages).
   */
  certificate: CertificateState;
  /** For expiring and expired certificates: days from when the sandbox made it to its end (negative: ended). */
  certificate_days: number | null;
  /** Links and images on the site's pages that answer 404, 410 or 500. */
  broken_resources: BrokenResource[];
  issues: string[];
  issue_codes: string[];
}

export function formatAddress(site: SandboxSite): string | null {
  const a = site.address;
  if (!a) return null;
  // A generated town the sandbox cannot place has neither state nor ZIP code.
  return [a.street, a.suite, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** Links and images that answer an error: menu links to missing pages, a dead link, a missing gallery image. */
export function brokenResources(site: SandboxSite): BrokenResource[] {
  const pages = existingPaths(site);
  const out: BrokenResource[] = brokenLinks(site).map((path) => ({ path, kind: 'link', status: 404, on: pages }));
  const p = sitePerformance(site);
  if (p.deadLink) out.push({ ...p.deadLink, kind: 'link', on: ['/'] });
  if (p.missingImage) out.push({ path: p.missingImage, kind: 'image', status: 404, on: ['/'] });
  return out;
}

function performanceTruth(site: SandboxSite): PerformanceTruth {
  const p = sitePerformance(site);
  const hero = p.hero && { path: p.hero.path, format: p.hero.format, width: p.hero.width, height: p.hero.height, sized: p.hero.sized, bytes: p.hero.bytes };
  return {
    profile: p.profile,
    hero,
    hero_bytes: hero?.bytes ?? 0,
    render_blocking: p.renderBlocking,
    render_blocking_delay_ms: p.renderBlockingDelayMs,
    first_byte_delay_ms: site.fault === 'slow' ? site.slowMs : p.firstByteDelayMs,
    layout_shift: p.layoutShift,
  };
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
  // The phone link that dials a mistyped number, quoted as the analyser quotes it (core/pipeline/analyze/contact-links.ts).
  if (t.phone && t.phone_link_dials) add('bad_phone_link', `A phone link on the site shows "${t.phone}" but dials "${t.phone_link_dials}"`);
  // The footer's copyright line, quoted as the analyser quotes it (core/pipeline/analyze/staleness.ts).
  if (t.copyright_stale) add('stale_copyright', `The footer still says "${t.copyright_notice}"`);
  // Hosted builders draw their forms in the browser and count visits in their own dashboards:
  // an absence there cannot be proven from the pages, so it is never claimed.
  const hosted = t.cms_platform !== null && t.cms_platform !== 'WordPress';
  if (!t.has_contact_form && !hosted) add('no_contact_form', 'No contact form');
  if (!t.has_analytics && !hosted) add('no_analytics', 'No analytics installed');
  // Chrome turns "Not secure" red as someone types into the form (core/pipeline/analyze/page-faults.ts).
  if (!t.has_ssl && t.has_contact_form && !hosted) add('form_not_secure', 'The contact form is on a page browsers mark "Not secure"');
  return issues;
}

export function groundTruth(site: SandboxSite): SiteTruth {
  const reachable = isReachable(site);
  const readable = readablePaths(site);
  const ownVisible = ownEmailPaths(site).some((p) => readable.includes(p));
  const own = ownVisible ? site.email.own : [];
  const third = reachable && site.email.thirdParty ? [site.email.thirdParty] : [];
  const formPath = contactFormPath(site);
  // The header's logo image (on logo sites) comes first, then the hero and the gallery.
  const logo = logoImage(site);
  const images = [...(logo ? [logo] : []), ...homeImages(site)];
  const perf = sitePerformance(site);
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
    unoptimized_images_count: images.filter((i) => i.width === null || i.height === null).length,
    images_count: images.length,
    images_without_alt: images.filter((i) => i.alt === null).length,
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
    phone_e164: reachable && site.phone ? telOf(site.phone) : null,
    address: reachable ? formatAddress(site) : null,
    business_hours: reachable ? site.hours : null,
    pages: existingPaths(site),
    robots: { has_robots_txt: site.robots !== 'missing', disallowed: disallowedForOutreachBot(site) },
    performance: performanceTruth(site),
    copyright_year: perf.copyrightYear,
    copyright_stale: perf.staleCopyright,
    phone_link_dials: reachable && site.phone ? perf.mistypedPhoneLink : null,
    copyright_line: copyrightText(site),
    copyright_notice: copyrightNotice(site).replace(/[.,;:–—-]+$/, '').slice(0, 80),
    certificate: perf.certificate,
    certificate_days: perf.certificateDays,
    broken_resources: brokenResources(site),
  };
  const issues = technicalIssues(site, base);
  return { ...base, issues: issues.map(([, text]) => text), issue_codes: issues.map(([code]) => code) };
}
