// The offline analyser's scores, all 0-100 and computed only from measured facts.
//
// website_quality_score (higher = better site), out of 100:
//   SSL 20 + mobile layout 20 + accessibility 20 × score/100 + images 10 × (1 − unoptimised/10, floor 0)
//   + contact form 10 + analytics 10 + conversion path (booking or shop) 5 + live chat 5
//   − 2 per extra crawler issue not covered above (at most −10).
// activity (does the business look alive and reachable?), out of 100:
//   phone 25 + address 20 + email 25 + opening hours 15 + booking or shop 15.
// market_opportunity_score = 0.6 × (100 − quality) + 0.4 × activity
//   → a weak site at an active business is the best opportunity.
// urgency_score = Σ gap severities (critical 35, high 20, medium 10, low 4), capped at 100.
// contactability = email 60 + named contact 20 + phone 20.
// lead_score = 0.5 × opportunity + 0.2 × urgency + 0.3 × contactability.
import type { SiteFacts } from '../../../core/model/analysis.ts';
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

export function websiteQuality(facts: SiteFacts, gaps: Gap[]): number {
  const other = gaps.filter((g) => g.id === 'other').length;
  const score =
    (facts.has_ssl ? 20 : 0) +
    (facts.is_mobile_responsive ? 20 : 0) +
    20 * (clamp(facts.accessibility_score) / 100) +
    10 * Math.max(0, 1 - facts.unoptimized_images_count / 10) +
    (facts.has_contact_form ? 10 : 0) +
    (facts.has_analytics ? 10 : 0) +
    (facts.has_online_booking || facts.has_ecommerce ? 5 : 0) +
    (facts.has_live_chat ? 5 : 0) -
    Math.min(10, 2 * other);
  return Math.round(clamp(score));
}

export function activity(facts: SiteFacts): number {
  return (
    (has(facts.phone) ? 25 : 0) +
    (has(facts.address) ? 20 : 0) +
    (facts.emails.length > 0 ? 25 : 0) +
    (has(facts.business_hours) ? 15 : 0) +
    (facts.has_online_booking || facts.has_ecommerce ? 15 : 0)
  );
}

export function computeScores(facts: SiteFacts, gaps: Gap[]): Scores {
  const quality = websiteQuality(facts, gaps);
  const active = activity(facts);
  const opportunity = Math.round(clamp(0.6 * (100 - quality) + 0.4 * active));
  const urgency = Math.round(clamp(gaps.reduce((sum, g) => sum + SEVERITY_WEIGHT[g.severity], 0)));
  const contactability = (facts.emails.length > 0 ? 60 : 0) + (has(facts.contact_name) ? 20 : 0) + (has(facts.phone) ? 20 : 0);
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
