// The audit of one site as a plain object: what `outreach analyze --json` prints, and what
// any other transport can hand out. Facts the crawl could not settle are null (unknown),
// never false; every fact keeps its proof and every finding its evidence.
import type { FactKey, Proof, SiteFacts, SiteState } from '../../model/analysis.ts';
import type { CrawledPage, CrawlResult } from '../../model/crawl.ts';
import type { Contacts } from '../contacts/find-contacts.ts';

export interface ReportFinding {
  id: string;
  claim: string;
  evidence: string;
  url: string;
  confidence: number;
  /** The measured number the claim rests on, if any. */
  value: number | null;
}

export interface SiteReport {
  url: string;
  hostname: string;
  business_name: string | null;
  title: string | null;
  site_state: SiteState;
  pages_crawled: number;
  cms_platform: string | null;
  ecommerce_platform: string | null;
  booking_platform: string | null;
  /** Analytics and tag-manager tools found, best known first. */
  analytics: string[];
  /** The live chat tool's name, or null (none found, or unknown: see has_live_chat). */
  live_chat: string | null;
  has_ssl: boolean | null;
  is_mobile_responsive: boolean | null;
  has_contact_form: boolean | null;
  has_analytics: boolean | null;
  has_online_booking: boolean | null;
  has_ecommerce: boolean | null;
  has_live_chat: boolean | null;
  accessibility_score: number | null;
  unoptimized_images_count: number | null;
  website_language: string | null;
  country: string | null;
  /** Best first. */
  emails: string[];
  /** The address to write to: never a web agency's or an unrelated domain's. */
  primary_email: string | null;
  contact_name: string | null;
  /** email → where it was found. */
  email_sources: Record<string, string>;
  phones: string[];
  address: string | null;
  business_hours: string | null;
  technical_issues: string[];
  findings: ReportFinding[];
  /** The proof of each fact: the page and the markup (or, for an absence, what was checked). */
  evidence: Partial<Record<FactKey, Proof>>;
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined || value === '' ? null : value);

/** The report of a site from the analyser's facts and the contact finder's addresses. */
export function siteReport(facts: SiteFacts, contacts: Contacts): SiteReport {
  return {
    url: facts.url,
    hostname: facts.hostname,
    business_name: orNull(facts.business_name),
    title: orNull(facts.title),
    site_state: facts.site_state,
    pages_crawled: facts.pages_crawled,
    cms_platform: orNull(facts.cms_platform),
    ecommerce_platform: orNull(facts.ecommerce_platform),
    booking_platform: orNull(facts.booking_platform),
    analytics: [...facts.analytics],
    live_chat: orNull(facts.live_chat_platform),
    has_ssl: facts.has_ssl,
    is_mobile_responsive: facts.is_mobile_responsive,
    has_contact_form: facts.has_contact_form,
    has_analytics: facts.has_analytics,
    has_online_booking: facts.has_online_booking,
    has_ecommerce: facts.has_ecommerce,
    has_live_chat: facts.has_live_chat,
    accessibility_score: facts.accessibility_score,
    unoptimized_images_count: facts.unoptimized_images_count,
    website_language: orNull(facts.website_language),
    country: orNull(facts.country),
    emails: [...contacts.emails],
    primary_email: orNull(contacts.primary),
    contact_name: orNull(contacts.contactName ?? facts.contact_name),
    email_sources: { ...contacts.sources },
    phones: [...new Set([facts.phone, ...facts.phones].filter((p): p is string => Boolean(p)))],
    address: orNull(facts.address),
    business_hours: orNull(facts.business_hours),
    technical_issues: [...facts.technical_issues],
    findings: facts.findings.map((f) => ({ id: f.id, claim: f.claim, evidence: f.evidence, url: f.url, confidence: f.confidence, value: f.value })),
    evidence: { ...facts.evidence },
  };
}

/** A page saved to disk, as the crawler would have handed it over: the home page only, fetched from `url`. */
export function savedPageCrawl(url: string, html: string, fetchedAt = new Date().toISOString()): CrawlResult {
  const home: CrawledPage = { url, finalUrl: url, status: 200, headers: { 'content-type': 'text/html' }, html, kind: 'home' };
  return { startUrl: url, home, pages: [home], log: [{ url, status: 200, ms: 0, fetched_at: fetchedAt }] };
}
