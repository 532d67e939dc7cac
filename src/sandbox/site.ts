// The record of one sandbox website. Both the served HTML and the ground truth are computed
// from it, so what the pages show and what the tests expect can never drift apart.
import type { Language } from './catalog/names.ts';
import type { DomainStyle, NameShape } from './generate-details.ts';

export type Cms = 'WordPress' | 'Shopify' | 'Wix' | 'Squarespace';
export type Ecommerce = 'Shopify' | 'WooCommerce';
export type Booking = 'Calendly' | 'Acuity Scheduling' | 'Square Appointments' | 'OpenTable';
export type LiveChat = 'Tawk.to' | 'Intercom' | 'Drift';
export type Analytics = 'Google Analytics' | 'Plausible';
export type Template = 'classic' | 'modern' | 'retro';

/** How the contact addresses are shown on the site. */
export const EMAIL_PRESENTATIONS = [
  'mailto', // <a href="mailto:..."> in the footer of every page
  'text', // plain visible text in the footer
  'at-brackets', // info [at] example [dot] com
  'at-parens', // info(at)example.com
  'entities', // every character as an HTML entity (&#105;&#110;...)
  'cloudflare', // Cloudflare email protection: data-cfemail hex + /cdn-cgi/l/email-protection#hex
  'contact-page', // a mailto link on /contact only
  'json-ld', // only in the schema.org JSON-LD block of the home page
  'none', // no address anywhere
] as const;
export type EmailPresentation = (typeof EMAIL_PRESENTATIONS)[number];

export const FAULTS = ['none', 'slow', '500', '404', 'redirect'] as const;
export type Fault = (typeof FAULTS)[number];

/** What robots.txt says; only the last three keep OutreachBot out of anything. */
export const ROBOTS_POLICIES = [
  'allow-all', // User-agent: * / Disallow: (empty)
  'missing', // no robots.txt (404): everything allowed
  'block-other-bot', // a group for another bot disallows /, OutreachBot falls to * (allowed)
  'star-blocked-outreach-allowed', // * disallows /, but an OutreachBot group allows /
  'disallow-contact', // an OutreachBot group disallows /contact
  'star-disallow-contact', // * disallows /contact (and there is no OutreachBot group)
  'disallow-all', // an OutreachBot group disallows /
] as const;
export type RobotsPolicy = (typeof ROBOTS_POLICIES)[number];

export interface SiteImage {
  src: string;
  /** null: no alt attribute at all (an accessibility problem). Never an empty alt. */
  alt: string | null;
  /** null: no width/height attributes (counted as unoptimised). */
  width: number | null;
  height: number | null;
}

export interface SiteAddress {
  street: string;
  suite: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface SiteOwner {
  name: string;
  /** "Owner: X", "Founded by X in 2009", "Meet X, owner". */
  phrase: 'owner' | 'founded' | 'meet';
}

export interface SandboxSite {
  /** Position in the catalogue; for a site generated for a search, its rank there (from 1). */
  index: number;
  /**
   * Unique; the host is `<slug>.localhost` and the email domain `<slug>.<tld>`. Catalogue
   * slugs are letters and digits; a generated site's is its label ("roofers-in-phoenix-az-3").
   */
  slug: string;
  name: string;
  /** How the name is made ("Lopez Plumbing", "The Daily Loaf", "Nora Fischer CPA"...). */
  nameShape: NameShape;
  /** What the host label spells: the name, its first words, or the trade and town (generated sites: their label). */
  domainStyle: DomainStyle;
  /** Industry key, see catalog/industries.ts (or a generated trade's key, catalog/trades.ts). */
  industry: string;
  city: string;
  /** Two-letter US state; empty for a generated town the sandbox cannot place. */
  state: string;
  language: Language;
  /** Whether <html> carries lang="..." (always the page's real language when present). */
  langAttribute: boolean;
  scheme: 'http' | 'https';
  template: Template;
  viewport: boolean;
  cms: Cms | null;
  ecommerce: Ecommerce | null;
  booking: Booking | null;
  liveChat: LiveChat | null;
  analytics: Analytics | null;
  /** A real contact form (with a message textarea). */
  contactForm: boolean;
  /** A one-field newsletter signup: a form that is NOT a contact form. */
  newsletterForm: boolean;
  /** The gallery on the home page (no other page has <img> tags). */
  images: SiteImage[];
  /** Icon-only social links with neither text nor aria-label. */
  emptyLinks: number;
  /** The business's own email domain, e.g. lopezplumbing.com (same label as the slug). */
  domain: string;
  email: {
    presentation: EmailPresentation;
    /** Own-domain addresses, the one a contact finder should pick first. */
    own: string[];
    /** A web agency's address in the footer credit, or null. */
    thirdParty: string | null;
    agency: string | null;
  };
  owner: SiteOwner | null;
  founded: number;
  /** As displayed, e.g. "(512) 555-0142". */
  phone: string | null;
  address: SiteAddress | null;
  /** As displayed, in the site's language. */
  hours: string | null;
  jsonLd: boolean;
  pages: { about: boolean; services: boolean; contact: boolean };
  /** The menu links to every page, even the missing ones (broken links). */
  navLinksMissingPages: boolean;
  robots: RobotsPolicy;
  fault: Fault;
  /** Delay of the home page for fault "slow" (0 otherwise). */
  slowMs: number;
  /** Listing data for search results. */
  rating: number;
  reviews: number;
  /** Seeds the wording of the pages; the facts above never depend on it. */
  textSeed: number;
  /** XOR key of the Cloudflare email encoding. */
  cfKey: number;
}
