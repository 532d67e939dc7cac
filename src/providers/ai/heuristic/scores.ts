// The offline analyser's scores, all 0-100 and computed only from the analyser's findings and
// the facts it proved (an unknown fact, null, neither adds nor costs points).
//
// website_quality_score (higher = better site) = 100 − the penalties of the gaps found:
//   no SSL 20, no mobile layout 20, an error message on the home page 20, Flash 15, slow home page 10, no contact form 10, no analytics 8,
//   broken links 6, missing booking or shop (when relevant) 5, images without alt 4, unsized
//   images 4, redirect chain 4, empty links 2, missing lang 2; a broken home page caps it at 10.
// activity (does the business look alive and reachable?), out of 100:
//   phone 25 + address 20 + email 25 + opening hours 15 + booking or shop (proven) 15.
// market_opportunity_score = 0.6 × (100 − quality) + 0.4 × activity
//   → a weak site at an active business is the best opportunity.
// urgency_score = Σ gap severities (critical 35, high 20, medium 10, low 4), capped at 100.
// contactability = email 60 + named contact 20 + phone 20.
// lead_score = 0.5 × opportunity + 0.2 × urgency + 0.3 × contactability.
import type { FindingId, SiteFacts } from '../../../core/model/analysis.ts';
import type { Gap, Severity } from './findings.ts';
import { SEVERITY_ORDER } from './findings.ts';
import { clamp } from './text.ts';

export interface Scores {
  website_quality_score: number;
  market_opportunity_score: number;
  urgency_score: number;
  lead_score: number;
  /** Inputs kept for explanations; not part of the profile. */
  activity: number;
  contactability: number;
}

const SEVERITY_WEIGHT: Record<Severity, number> = { critical: 35, high: 20, medium: 10, low: 4 };

const has = (value: string | undefined): boolean => Boolean(value && value.trim());

const PENALTY: Record<FindingId, (value: number | null) => number> = {
  site_broken: () => 0,
  no_ssl: () => 20,
  no_viewport: () => 20,
  slow_home: () => 10,
  no_contact_form: () => 10,
  no_analytics: () => 8,
  broken_links: () => 6,
  no_booking: () => 5,
  no_ecommerce: () => 5,
  images_missing_alt: () => 4,
  unoptimized_images: () => 4,
  redirect_chain: () => 4,
  empty_links: () => 2,
  missing_lang: () => 2,
  certificate_expired: () => 20,
  certificate_expiring: () => 6,
  outdated_software: () => 6,
  broken_images: () => 4,
  stale_copyright: () => 3,
  stale_dates: () => 3,
  pandemic_notice: () => 3,
  flash_content: () => 15,
  closed_service: () => 2,
  template_text: () => 8,
  phone_mismatch: () => 10,
  bad_phone_link: () => 10,
  bad_email_link: () => 10,
  no_title: () => 3,
  error_message: () => 20,
  // The same missing https no_ssl is already scored for: the form adds what it costs, not a second penalty.
  form_not_secure: () => 0,
  // Where a search lists the site says nothing about the site's own quality.
  search_position: () => 0,
  slow_mobile: () => 10,
  layout_shift: () => 6,
  heavy_page: () => 6,
  low_performance: () => 10,
};

export function websiteQuality(gaps: Gap[]): number {
  const score = 100 - gaps.reduce((sum, g) => sum + PENALTY[g.id](g.finding.value), 0);
  return Math.round(clamp(gaps.some((g) => g.id === 'site_broken') ? Math.min(10, score) : score));
}

/** The site's phone, if any was found. */
export const phoneOf = (facts: SiteFacts): string | undefined => [facts.phone, ...(facts.phones ?? [])].find(has);

export function activity(facts: SiteFacts): number {
  return (
    (phoneOf(facts) ? 25 : 0) +
    (has(facts.address) ? 20 : 0) +
    (facts.emails.length > 0 ? 25 : 0) +
    (has(facts.business_hours) ? 15 : 0) +
    (facts.has_online_booking === true || facts.has_ecommerce === true ? 15 : 0)
  );
}

export function computeScores(facts: SiteFacts, gaps: Gap[]): Scores {
  const quality = websiteQuality(gaps);
  const active = activity(facts);
  const opportunity = Math.round(clamp(0.6 * (100 - quality) + 0.4 * active));
  const urgency = Math.round(clamp(gaps.reduce((sum, g) => sum + SEVERITY_WEIGHT[g.severity], 0)));
  const contactability = (facts.emails.length > 0 ? 60 : 0) + (has(facts.contact_name) ? 20 : 0) + (phoneOf(facts) ? 20 : 0);
  const lead = Math.round(clamp(0.5 * opportunity + 0.2 * urgency + 0.3 * contactability));
  return {
    website_quality_score: quality,
    market_opportunity_score: opportunity,
    urgency_score: urgency,
    lead_score: lead,
    activity: active,
    contactability,
  };
}

/** The most severe gap's level, raised to critical when the issues add up (urgency ≥ 80). */
export function urgencyLevel(gaps: Gap[], urgency: number): Severity {
  if (urgency >= 80) return 'critical';
  const worst = gaps.map((g) => SEVERITY_ORDER.indexOf(g.severity)).sort((a, b) => a - b)[0];
  return worst === undefined ? 'low' : SEVERITY_ORDER[worst];
}
