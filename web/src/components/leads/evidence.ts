// Display rules of the analysis evidence (the truth rule): confidence bands, Yes / No /
// Unknown answers (a null fact is Unknown, never No), the site-state notice and the fact rows
// of the lead page. Pure: no React here.
import type { FactKey, Proof, SiteState } from '../../../../src/core/model/analysis.ts';
import type { Lead, LeadAnalysis } from '../../api/leads.ts';

export type { FactKey, Proof, SiteState };
export type Finding = LeadAnalysis['findings'][number];

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** high ≥ 0.9, medium ≥ 0.7, else low. */
export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence >= 0.9) return 'high';
  if (confidence >= 0.7) return 'medium';
  return 'low';
}

export const UNKNOWN = 'Unknown';

/** Yes / No, or Unknown when the crawl could not see enough (null). */
export function yesNoUnknown(value: boolean | null | undefined, detail?: string | null): string {
  if (value === null || value === undefined) return UNKNOWN;
  if (!value) return 'No';
  return detail ? `Yes (${detail})` : 'Yes';
}

/** '/contact' for a page URL, so rows stay readable on a phone; the full URL goes in the title. */
export function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}` || '/';
  } catch {
    return url;
  }
}

/** Only http(s) addresses become links: crawled text is untrusted. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const SITE_STATE_TEXT: Record<Exclude<SiteState, 'ok'>, string> = {
  server_error: 'answers with a server error',
  not_found: 'shows a "page not found" error',
  parked: 'is a domain parking page',
  empty: 'is blank',
  forwards: 'only forwards visitors to another address (a frameset or an instant redirect)',
  network: "is the business's page on a franchise network's or a portal's site",
  closing: 'says the business is closing down for good',
};

/** The notice for a site whose home page only shows that it is broken; null for a site that could be judged. */
export function siteStateNotice(state: SiteState | null | undefined): string | null {
  if (!state || state === 'ok') return null;
  if (state === 'forwards') return `The home page ${SITE_STATE_TEXT[state]}: the business's site is there, so nothing was judged here.`;
  if (state === 'network') return `The page ${SITE_STATE_TEXT[state]}: its owner cannot change that site, so nothing was judged.`;
  if (state === 'closing') return `The home page ${SITE_STATE_TEXT[state]}, so nothing is claimed and no email is written.`;
  return `The home page ${SITE_STATE_TEXT[state]}. It only shows that the site is broken, so nothing else about the site was judged.`;
}

export interface FactRow {
  key: FactKey;
  label: string;
  answer: string;
  unknown: boolean;
  proof: Proof | undefined;
}

const list = (items: string[] | undefined) => (items?.length ? items.join(', ') : null);

function row(key: FactKey, label: string, answer: string | null, analysis: LeadAnalysis): FactRow {
  const shown = answer ?? UNKNOWN;
  return { key, label, answer: shown, unknown: shown === UNKNOWN, proof: analysis.evidence?.[key] };
}

/** The website facts, each with its answer and proof. */
export function websiteFacts(a: LeadAnalysis): FactRow[] {
  const score = a.accessibility_score;
  return [
    row('has_ssl', 'SSL', yesNoUnknown(a.has_ssl), a),
    row('is_mobile_responsive', 'Mobile responsive', yesNoUnknown(a.is_mobile_responsive), a),
    row('has_contact_form', 'Contact form', yesNoUnknown(a.has_contact_form), a),
    row('has_analytics', 'Analytics', yesNoUnknown(a.has_analytics, list(a.analytics)), a),
    row('has_online_booking', 'Online booking', yesNoUnknown(a.has_online_booking, a.booking_platform), a),
    row('has_live_chat', 'Live chat', yesNoUnknown(a.has_live_chat, a.live_chat_platform), a),
    row('has_ecommerce', 'E-commerce', yesNoUnknown(a.has_ecommerce, a.ecommerce_platform), a),
    row('cms_platform', 'CMS', a.cms_platform ?? (a.evidence?.cms_platform ? 'None detected' : null), a),
    row('accessibility_score', 'Accessibility score', score === null ? null : `${score} / 100`, a),
    row('unoptimized_images_count', 'Unoptimized images', a.unoptimized_images_count === null ? null : String(a.unoptimized_images_count), a),
  ];
}

/** The business details read from the site; only those the lead has or the analysis proved. */
export function businessFacts(a: LeadAnalysis, lead: Lead | undefined): FactRow[] {
  const rows = [
    row('business_name', 'Business name', lead?.company_name ?? null, a),
    row('phone', 'Phone', lead?.phone_number ?? null, a),
    row('address', 'Address', lead?.address ?? null, a),
    row('country', 'Country', lead?.country ?? null, a),
    row('website_language', 'Language', lead?.website_language ?? null, a),
  ];
  return rows.filter((r) => !r.unknown || r.proof);
}
