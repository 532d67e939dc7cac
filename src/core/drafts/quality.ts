// A draft's quality score (0-1) from parts anyone can check, kept with the draft so the
// lead's history can say why it scored what it did. Truth comes first: a draft whose claims
// are not all verified never scores above UNVERIFIED_CAP, whatever else it does well.
import type { EmailLocale, Finding, FindingId } from '../model/analysis.ts';
import { detectLanguage } from '../language.ts';
import type { ClaimCheck } from './claims.ts';
import { sentences } from './claims.ts';

export const UNVERIFIED_CAP = 0.6;

export interface QualityInput {
  subject: string;
  body: string;
  /** The sender's signature, left out of length and readability. */
  signature?: string;
  claims: ClaimCheck;
  findings: Finding[];
  /** The business's real name, when the site gives it (evidence.business_name). */
  businessName?: string | null;
  contactName?: string | null;
  locale: EmailLocale;
  /** The language of the site's text. */
  siteLanguage?: string | null;
  /** A follow-up: a short reply in the thread, so it is judged by a shorter length. */
  followUp?: boolean;
}

export interface QualityPart {
  name: string;
  weight: number;
  passed: boolean;
  note: string;
}

/** Findings an owner feels (lost calls, trust, bookings), as opposed to markup details. */
const OWNER_CARES: ReadonlySet<FindingId> = new Set([
  'site_broken', 'certificate_expired', 'no_ssl', 'slow_mobile', 'broken_links', 'broken_images', 'no_viewport', 'layout_shift', 'low_performance', 'heavy_page', 'certificate_expiring', 'search_position', 'stale_copyright', 'no_booking', 'no_ecommerce', 'slow_home',
]);
const SPAM_WORDS = ['free', 'guarantee', 'act now', 'limited time', 'risk-free', 'winner', '100%', '$$$', '!!!', 'click here', 'urgent', 'gratis', 'gratuit', 'kostenlos', 'garantiert'];
const PLACEHOLDER = /\[[^\]]{1,40}\]|\{\{[^}]*\}\}|\{[a-z_]+\}|<name>|lorem\s+ipsum/i;
// Analyser wording that no person puts in a subject line.
const RAW_WORDING = /\(HTTP|\bhops?\b|attribute|meta tag|without text or label|viewport|alt text|\bunoptimi[sz]ed\b|\bSSL\b|technical issue/i;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function withoutSignature(body: string, signature?: string): string {
  const sig = signature?.trim();
  return sig && body.trimEnd().endsWith(sig) ? body.trimEnd().slice(0, -sig.length) : body;
}

const lengthPart = (count: number, [min, max]: [number, number]): QualityPart => ({
  name: 'length',
  weight: 0.1,
  passed: count >= min && count <= max,
  note: `${count} words (${min}-${max} wanted)`,
});

export function scoreDraft(input: QualityInput): { score: number; parts: QualityPart[] } {
  const text = withoutSignature(input.body, input.signature);
  const lower = `${input.subject}\n${text}`.toLowerCase();
  const count = words(text);
  const lines = sentences(text);
  const longest = Math.max(0, ...lines.map(words));
  const spam = SPAM_WORDS.filter((w) => lower.includes(w));
  const cited = input.claims.stated.filter((id) => OWNER_CARES.has(id));
  const greetingLine = text.split('\n')[0] ?? '';
  const firstName = input.contactName?.trim().split(/\s+/)[0];
  const language = detectLanguage(text);
  const wanted = input.locale.slice(0, 2);
  const name = input.businessName?.trim();
  const parts: QualityPart[] = [
    {
      name: 'claims_verified',
      weight: 0.25,
      passed: input.claims.ok,
      note: input.claims.ok ? `every statement about the site is a finding (${input.claims.stated.length} stated)` : input.claims.problems.map((p) => p.reason).join('; '),
    },
    {
      name: 'cites_what_owners_care_about',
      weight: 0.15,
      passed: cited.length > 0,
      note: cited.length ? `states ${cited.join(', ')}` : input.findings.some((f) => OWNER_CARES.has(f.id)) ? 'leaves out the findings an owner feels most' : 'the analysis found nothing an owner would feel',
    },
    { name: 'business_name', weight: 0.1, passed: Boolean(name && lower.includes(name.toLowerCase())), note: name ? `uses "${name}"` : 'the site does not say its own name' },
    {
      name: 'personal_greeting',
      weight: 0.1,
      passed: Boolean(firstName && firstName.length > 1 && greetingLine.toLowerCase().includes(firstName.toLowerCase())),
      note: firstName ? `greets ${firstName}` : 'no contact name to greet',
    },
    {
      name: 'language',
      weight: 0.1,
      passed: language === wanted && (!input.siteLanguage || input.siteLanguage === wanted),
      note: `written in ${language ?? 'an unknown language'}; the site is in ${input.siteLanguage ?? 'an unknown language'}`,
    },
    lengthPart(count, input.followUp ? [20, 120] : [45, 130]),
    { name: 'readability', weight: 0.05, passed: longest <= 35, note: `longest sentence ${longest} words (35 at most)` },
    {
      name: 'subject',
      weight: 0.1,
      passed: input.subject.length <= 60 && !/\d/.test(input.subject) && !RAW_WORDING.test(input.subject),
      note: `${input.subject.length} characters${RAW_WORDING.test(input.subject) ? ', analyser wording' : ''}${/\d/.test(input.subject) ? ', a number' : ''}`,
    },
    {
      name: 'no_spam_or_placeholders',
      weight: 0.05,
      passed: spam.length === 0 && !PLACEHOLDER.test(lower),
      note: spam.length ? `spam-trigger words: ${spam.join(', ')}` : PLACEHOLDER.test(lower) ? 'a placeholder is left in the text' : 'none',
    },
  ];
  const sum = parts.reduce((total, p) => total + (p.passed ? p.weight : 0), 0);
  const score = input.claims.ok ? sum : Math.min(sum, UNVERIFIED_CAP);
  return { score: Math.round(score * 100) / 100, parts };
}
