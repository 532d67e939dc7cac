// What the analyser knows about a site, and what the AI (Gemini or the offline heuristic)
// turns it into. The zod schemas validate model output: page text and model answers are
// untrusted, so nothing reaches the database without passing these.
import { z } from 'zod';
import { SUBJECT_STYLES, type SubjectStyle } from './ab-test.ts';

export const BUSINESS_CATEGORIES = ['Product-Based', 'Service-Based', 'Informational/Other'] as const;
export const BusinessCategory = z.enum(BUSINESS_CATEGORIES);

const score = z.number().min(0).max(100);
const level = z.enum(['critical', 'high', 'medium', 'low']);

/** What proves a fact: the page, and the element, attribute, script or link that shows it; for
 * an absence, what was checked. Confidence is 0-1: 1 when the markup proves it outright. */
/** A page the crawl read, as a claim about the whole site names it: its path and what kind of page it is. */
export const ReadPage = z.object({ path: z.string(), kind: z.enum(['home', 'contact', 'about', 'services', 'other']) });
export type ReadPage = z.infer<typeof ReadPage>;

export const Proof = z.object({
  url: z.string(),
  detail: z.string(),
  confidence: z.number().min(0).max(1),
  /** For "the site has none": the pages it was looked for on. */
  pages: z.array(ReadPage).optional(),
});
export type Proof = z.infer<typeof Proof>;

/** The facts that carry a proof. */
export const FACT_KEYS = [
  'business_name', 'has_ssl', 'is_mobile_responsive', 'has_ecommerce', 'has_online_booking', 'cms_platform', 'has_contact_form',
  'has_live_chat', 'has_analytics', 'accessibility_score', 'unoptimized_images_count', 'website_language', 'country', 'phone', 'address',
  'contact_name',
] as const;
export type FactKey = (typeof FACT_KEYS)[number];

/**
 * What the analyser may say is wrong with a site: the only statements about a site an email
 * may make (src/core/drafts/claims.ts checks every draft against them).
 */
export const FINDING_IDS = [
  'site_broken', 'slow_home', 'redirect_chain', 'no_ssl', 'no_viewport', 'images_missing_alt', 'unoptimized_images', 'missing_lang',
  'empty_links', 'broken_links', 'no_contact_form', 'no_analytics', 'no_booking', 'no_ecommerce',
  // Measured from the crawl itself (src/core/pipeline/analyze/crawl-findings.ts), each with its evidence.
  'broken_images', 'certificate_expired', 'certificate_expiring', 'stale_copyright', 'stale_dates', 'pandemic_notice', 'outdated_software', 'search_position',
  // What a visitor meets on the page itself (src/core/pipeline/analyze/page-faults.ts).
  'flash_content', 'form_not_secure', 'error_message', 'closed_service', 'template_text', 'phone_mismatch', 'no_title',
  // Contact links that cannot do what they show (src/core/pipeline/analyze/contact-links.ts).
  'bad_email_link', 'bad_phone_link',
  // Measured by the site audit (Lighthouse, mobile; src/core/audit/findings.ts), in Google's "poor" band.
  'slow_mobile', 'layout_shift', 'heavy_page', 'low_performance',
] as const;
export const FindingId = z.enum(FINDING_IDS);
export type FindingId = z.infer<typeof FindingId>;
/**
 * The confidence of an old copyright year that only a web designer's credit shows ("Website by ©
 * Aleksander Cieśla - 2018"): true of the footer, but owners read it as the maker's line, so no
 * email is about it (src/core/drafts/pitch.ts).
 */
export const CREDITED_CONFIDENCE = 0.6;

export const Finding = z.object({
  id: FindingId,
  /** The claim, as the analyser words it: "No analytics installed". */
  claim: z.string(),
  /** Why it is true: "no analytics tag on the 4 pages crawled; no tag manager that could inject one". */
  evidence: z.string(),
  url: z.string(),
  confidence: z.number().min(0).max(1),
  /** The measured number the claim rests on (a count, a score, an HTTP status, hops), if any. */
  value: z.number().nullable(),
  /** For an absence claimed of the whole site (no contact form, booking, shop, analytics): the pages it was looked for on. */
  pages: z.array(ReadPage).optional(),
  /** Words the page shows that the claim quotes, exactly as shown: an email may quote them (error_message). */
  quote: z.string().optional(),
  /** More of the page's words the claim quotes, each as shown (phone_mismatch: the two numbers; bad_phone_link: what it dials). */
  quotes: z.array(z.string()).optional(),
  /**
   * The claim holds for the whole of what it is about: flash_content, the home page is nothing but
   * Flash; no_ssl, https://<host>/ was tried and fails, so the site has no https at all.
   */
  whole: z.boolean().optional(),
});
export type Finding = z.infer<typeof Finding>;

/** Whether the home page is a real site to judge, or only shows that the site is broken. */
/**
 * ok; or why the home page cannot be judged: broken (an error, a parking or placeholder page,
 * blank), it only forwards elsewhere (a frameset, an instant redirect), or it is the business's
 * page on another organisation's site (a franchise network's or a portal's subdomain); or the
 * business says it is closing down for good.
 */
export const SITE_STATES = ['ok', 'server_error', 'not_found', 'parked', 'empty', 'forwards', 'network', 'closing'] as const;
export type SiteState = (typeof SITE_STATES)[number];

/**
 * Technical facts read from the crawled pages (no AI involved). A fact is null when the crawl
 * could not see enough to tell: unknown is never turned into "missing".
 */
export interface SiteFacts {
  url: string;
  hostname: string;
  title?: string;
  /** The business's own name ("Novak Dental"), from the site's markup; see evidence.business_name. */
  business_name?: string;
  site_state: SiteState;
  /** Pages that answered 2xx with HTML. */
  pages_crawled: number;
  has_ssl: boolean | null;
  is_mobile_responsive: boolean | null;
  has_ecommerce: boolean | null;
  ecommerce_platform?: string;
  has_online_booking: boolean | null;
  booking_platform?: string;
  cms_platform?: string;
  has_contact_form: boolean | null;
  has_live_chat: boolean | null;
  live_chat_platform?: string;
  has_analytics: boolean | null;
  /** Every analytics or tag-manager tool found, best known first. */
  analytics: string[];
  /** 0-100, higher is better; null when the home page could not be judged. */
  accessibility_score: number | null;
  unoptimized_images_count: number | null;
  /** The claims of the findings, in order (the spec's technical_issues list). */
  technical_issues: string[];
  findings: Finding[];
  evidence: Partial<Record<FactKey, Proof>>;
  website_language?: string;
  /** ISO 3166 alpha-2, from the address, phone prefix or domain. */
  country?: string;
  phone?: string;
  phones: string[];
  address?: string;
  business_hours?: string;
  emails: string[];
  contact_name?: string;
}

export const PainPoint = z.object({
  description: z.string(),
  impact_level: level,
  revenue_impact: z.string(),
  competitive_disadvantage: z.string(),
  urgency_indicators: z.array(z.string()),
});

export const DecisionMaker = z.object({
  name: z.string(),
  title: z.string(),
  authority_level: z.enum(['decision_maker', 'influencer', 'other']),
  contact_method: z.enum(['email', 'phone']),
  contact_info: z.string(),
});

export const SalesIntelligence = z.object({
  urgency_level: level,
  budget_level: z.string(),
  company_size: z.string(),
  revenue_range: z.string(),
  growth_stage: z.string(),
  market_position: z.string(),
  strategic_initiatives: z.array(z.string()),
  pain_points: z.array(PainPoint),
  urgency_triggers: z.array(z.string()),
  decision_makers: z.array(DecisionMaker),
  technical_capability: z.string(),
  decision_timeline: z.string(),
  current_tech_stack: z.array(z.string()),
  integration_needs: z.array(z.string()),
  value_proposition: z.string(),
  urgency_messaging: z.string(),
  next_steps: z.array(z.string()),
  objections_likely: z.array(z.string()),
});
export type SalesIntelligence = z.infer<typeof SalesIntelligence>;

/** The business fields of a lead, as the AI answers them. Priority is derived by core, not asked. */
export const BusinessProfile = z.object({
  company_name: z.string().min(1),
  business_category: BusinessCategory,
  business_summary: z.string().min(1),
  industry: z.string(),
  industry_specific: z.string(),
  services_offered: z.array(z.string()),
  company_size: z.string(),
  revenue_range: z.string(),
  budget_estimate: z.string(),
  employee_count: z.number().int().nonnegative().nullable(),
  founded_year: z.number().int().min(1800).max(2100).nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  traffic_estimate: z.string(),
  market_opportunity_score: score,
  urgency_score: score,
  website_quality_score: score,
  lead_score: score,
  sales_intelligence: SalesIntelligence,
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;

export interface BusinessInput {
  facts: SiteFacts;
  /** Visible text of the crawled pages, truncated. Untrusted: delimit it in prompts. */
  pageText: string;
  /** What the campaign searched for, for context. */
  search?: { query: string; location?: string; industry?: string };
}

/** The languages the offline writer writes; a site in another language is held for it, and Gemini writes it in `site_language` (core/drafts/language-hold.ts). */
// de-CH: Swiss Standard German, which writes "ss" where German writes "ß" ("Grüsse"); a Swiss reader finds "ß" foreign.
// pt-PT: European Portuguese ("ligação", "browser", "numa"); "pt" is written as Brazil reads it, where most Portuguese-speaking businesses are.
// es-419: Latin American Spanish ("celular", "la página web"); "es" is Spain's ("móvil", "la web").
export const EMAIL_LOCALES = ['en-US', 'en-GB', 'es', 'es-419', 'fr', 'de', 'de-CH', 'pt', 'pt-PT', 'it', 'nl', 'pl'] as const;
export type EmailLocale = (typeof EMAIL_LOCALES)[number];

export interface EmailBrief {
  /** The business's real name, cleaned ("Novak Dental"). */
  company_name: string;
  contact_name?: string;
  url: string;
  industry?: string;
  city?: string;
  business_summary: string;
  /** The findings the email may cite, most important first: nothing else about the site may be said. */
  findings: Finding[];
  /** The language (and for English, the spelling) to write in. */
  locale: EmailLocale;
  sender_name: string;
  /** Appended verbatim (sender-name placeholder already replaced). */
  signature: string;
  /** A subject A/B test: write one more subject per style (src/core/model/ab-test.ts), each as checkable as the main one. */
  subject_styles?: SubjectStyle[];
  /** The lead's personal report page (a signed public address), offered in the email when present. */
  report_url?: string;
  /** The site's own language (ISO 639-1) when known: a writer that writes it uses it when no locale covers it (Japanese, never English). */
  site_language?: string;
  /** Who the business serves, from its trade (src/core/drafts/pitch.ts tradeOf): "your patients see…" rather than "visitors". */
  audience?: 'patients' | 'clients' | 'guests' | 'customers' | 'parents';
}

/** A follow-up: a short reply in the thread that adds one new point (from `findings`, which leaves out what earlier steps said) or a gentle nudge. */
export interface FollowUpBrief extends EmailBrief {
  /** This step (2 for the first follow-up) and how many the sequence has. */
  step: number;
  steps: number;
  /** The thread so far, oldest first: what was already said, never to be repeated. */
  earlier: { subject: string; body: string }[];
  /** The first finding was stated before and has been measured again: it is still there, with its new value. */
  remeasured?: boolean;
}

export const WrittenEmail = z.object({
  subject: z.string().min(3).max(200),
  body: z.string().min(40).max(5000),
  /** The ids of the findings the email states; the claim checker verifies them. */
  cited_findings: z.array(FindingId).default([]),
  /** One subject per style the brief asked for (subject A/B tests); absent otherwise. */
  subject_variants: z.array(z.object({ style: z.enum(SUBJECT_STYLES), subject: z.string().min(3).max(200) })).max(3).optional(),
});
export type WrittenEmail = z.infer<typeof WrittenEmail>;
