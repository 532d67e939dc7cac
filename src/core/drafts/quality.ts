// A draft's quality score (0-1) from parts anyone can check, kept with the draft so the
// lead's history can say why it scored what it did. The parts weigh what owners reward when
// they read a first email (tests/fixtures/draft-ratings.json: owners' ratings of real drafts;
// tests/unit/draft-ratings.test.ts: the score ranks drafts as those ratings do). The scale
// follows theirs: a true, plain, generic draft about something a visitor sees scores just above
// the Drafts screen's "Low quality" line (0.6); one more flaw (only an absence to report, an
// overfamiliar greeting, a long text) puts it under; a measured finding and a greeting to the
// person the page names lift it toward 1. What owners rate as spam or worse caps the score
// under the line whatever else the draft does well: a claim the analysis cannot prove, a name
// the site never gives (its web address), a language the business may not read, or nothing
// worth saying (a hello in disguise).
import type { EmailLocale, Finding, FindingId } from '../model/analysis.ts';
import { countryLanguages } from '../countries.ts';
import { detectLanguage } from '../language.ts';
import type { ClaimCheck } from './claims.ts';
import { sentences } from './claims.ts';
import { isOwnName } from './own-name.ts';

/** The highest score a draft with a failing cap part can have: under the 0.6 "Low quality" line. */
export const UNVERIFIED_CAP = 0.5;

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
  /** The lead's site: a name made of its web address is no name. */
  url?: string | null;
  /** The business's country (code or name), when known: English to a country that does not speak it is suspect. */
  country?: string | null;
  /** A follow-up: a short reply in the thread, so it is judged by a shorter length. */
  followUp?: boolean;
}

export interface QualityPart {
  name: string;
  weight: number;
  passed: boolean;
  note: string;
  /** A failing cap part holds the whole score under the "Low quality" line. */
  cap?: boolean;
}

/** Findings that cost the owner customers (as opposed to markup details and trivia like a copyright year). */
const COSTS_CUSTOMERS: ReadonlySet<FindingId> = new Set([
  'site_broken', 'error_message', 'template_text', 'phone_mismatch', 'bad_phone_link', 'bad_email_link', 'certificate_expired', 'flash_content', 'form_not_secure', 'no_ssl', 'slow_mobile', 'broken_links', 'broken_images', 'no_viewport', 'layout_shift', 'low_performance', 'heavy_page', 'certificate_expiring', 'search_position', 'no_booking', 'no_ecommerce', 'slow_home',
]);
/** Measured by the site audit (Lighthouse or PageSpeed Insights), with a public threshold: what persuades most. */
const MEASURED: ReadonlySet<FindingId> = new Set(['slow_mobile', 'layout_shift', 'low_performance', 'heavy_page']);
/** Measured, or what any visitor sees for themselves: the owner can check it in a minute (an absence, like no booking, cannot be). */
const CHECKABLE: ReadonlySet<FindingId> = new Set([...MEASURED, 'site_broken', 'error_message', 'certificate_expired', 'flash_content', 'form_not_secure', 'no_ssl', 'broken_links', 'broken_images', 'no_viewport', 'closed_service', 'template_text', 'phone_mismatch', 'bad_phone_link', 'bad_email_link', 'no_title', 'stale_dates', 'pandemic_notice']);
/**
 * What not every old site has: owners rate a draft that states one of these above one that says
 * only what any site like theirs would hear ("Not secure", no phone layout, an old footer year).
 */
const SPECIFIC: ReadonlySet<FindingId> = new Set([...MEASURED, 'site_broken', 'error_message', 'flash_content', 'form_not_secure', 'certificate_expired', 'certificate_expiring', 'broken_links', 'broken_images', 'closed_service', 'template_text', 'phone_mismatch', 'bad_phone_link', 'bad_email_link', 'stale_dates', 'pandemic_notice']);
/** How a person is addressed formally in a first email to a stranger, where a first name alone is too familiar. */
const TITLES = /\b(dr|prof|herr|frau|monsieur|madame|mme|m\.|pan|pani|panie|se[ñn]or|se[ñn]ora|sr|sra|signor|signora|sig|dott|meneer|mevrouw|senhor|senhora)\b/i;
/** Polish addresses a lawyer or a doctor by the profession's title alone: "Panie Mecenasie", "Pani Doktor". */
const PROFESSION_TITLE = /\bpani(?:e)? (?:mecenas|mecenasie|doktor|doktorze)\b/i;
const SPAM_WORDS = ['free', 'guarantee', 'act now', 'limited time', 'risk-free', 'winner', '100%', '$$$', '!!!', 'click here', 'urgent', 'gratis', 'gratuit', 'kostenlos', 'garantiert'];
const PLACEHOLDER = /\[[^\]]{1,40}\]|\{\{[^}]*\}\}|\{[a-z_]+\}|<name>|lorem\s+ipsum/i;
// Analyser wording that no person puts in a subject line.
const RAW_WORDING = /\(HTTP|\bhops?\b|attribute|meta tag|without text or label|viewport|alt text|\bunoptimi[sz]ed\b|\bSSL\b|technical issue/i;
// A web address written as if it were a name ("dhosting.pl", "Redirecting to billies.us").
const DOMAIN = /\b[a-z0-9-]+\.(?:[a-z]{2,3}\.)?(?:com|net|org|info|biz|pl|ch|de|at|fr|es|it|nl|be|uk|us|eu|io|co|au|ca|mx|br|pt)\b/i;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

// The lines offering the lead's report page: a sentence, then its /r/<token> address on a line of
// its own (src/core/report/link.ts).
const REPORT_LINK = /[^\n]*\n[ \t]*https?:\/\/\S+\/r\/[\w.-]+[ \t]*(?=\n|$)/;

/** A note without the lines offering the report page: like the signature, not what its 120 words are for (the writer counts the same way). */
export const withoutReportLink = (text: string): string => text.replace(REPORT_LINK, '');

function withoutSignature(body: string, signature?: string): string {
  const sig = signature?.trim();
  return sig && body.trimEnd().endsWith(sig) ? body.trimEnd().slice(0, -sig.length) : body;
}

/** The label of the site's host a name could be made of ("garage-fisch" for www.garage-fisch.ch). */
function hostLabel(url: string | null | undefined, findings: Finding[]): string | null {
  for (const candidate of [url, ...findings.map((f) => f.url)]) {
    try {
      const host = new URL(candidate ?? '').hostname.replace(/^www\./, '');
      const label = squash(host.split('.')[0] ?? '');
      if (label.length >= 3) return label;
    } catch {
      // not a URL: try the next
    }
  }
  return null;
}

/** The business's name as the email gives it, and whether it is a name at all (not its web address). */
function namePart(text: string, input: QualityInput): QualityPart {
  const name = input.businessName?.trim();
  const label = hostLabel(input.url, input.findings);
  const madeUp = name ? DOMAIN.test(name) || /\bredirect/i.test(name) : DOMAIN.test(text) || Boolean(label && squash(text).includes(label));
  if (madeUp) return { name: 'business_name', weight: 0.1, passed: false, cap: true, note: name ? `"${name}" is a web address or a page's wording, not a name` : 'the site does not say its name, and the email calls the business by its web address' };
  // Honest, but an email that cannot name the business reads like a mass mailing to its owner.
  if (!name) return { name: 'business_name', weight: 0.1, passed: false, note: 'the site does not say its name; the email does without one' };
  // The person greeted is the business: "your website" names it to them.
  if (isOwnName(name, input.contactName)) return { name: 'business_name', weight: 0.1, passed: true, note: `"${name}" is the name of the person greeted` };
  return { name: 'business_name', weight: 0.1, passed: text.toLowerCase().includes(name.toLowerCase()), note: `uses "${name}"` };
}

function languagePart(text: string, input: QualityInput): QualityPart {
  const language = detectLanguage(text);
  const wanted = input.locale.slice(0, 2);
  const country = countryLanguages(input.country);
  const spoken = country?.spoken;
  // English is what a thin or mislabelled page is read as: to a business in a country that does not speak it, it is the fallback showing.
  const foreignEnglish = wanted === 'en' && Boolean(spoken && !spoken.includes('en'));
  const passed = language === wanted && (!input.siteLanguage || input.siteLanguage === wanted) && !foreignEnglish;
  const where = foreignEnglish ? `, not a language of ${country!.code}` : '';
  return { name: 'language', weight: 0.05, passed, cap: true, note: `written in ${language ?? 'an unknown language'}; the site is in ${input.siteLanguage ?? 'an unknown language'}${where}` };
}

/** The greeting: plain ("Hello,") or to the person the page names, as the email's language greets a stranger. */
function greetingParts(greetingLine: string, input: QualityInput): QualityPart[] {
  const line = greetingLine.toLowerCase();
  const nameWords = input.contactName?.trim().split(/\s+/) ?? [];
  const firstName = nameWords[0];
  const surname = nameWords.length > 1 ? nameWords[nameWords.length - 1].toLowerCase() : undefined;
  // Greeted by first name, by title and surname ("Frau Bartl"), by a Polish vocative ("Pani Moniko", "Panie Marku") or profession ("Panie Mecenasie").
  const vocative = firstName && TITLES.test(greetingLine) && line.includes(firstName.toLowerCase().slice(0, Math.max(3, firstName.length - 2)));
  const named = Boolean(firstName && firstName.length > 1 && (line.includes(firstName.toLowerCase()) || (surname && TITLES.test(greetingLine) && line.includes(surname)) || vocative || PROFESSION_TITLE.test(greetingLine)));
  const fullName = surname !== undefined && line.includes(surname);
  // In English a first name is how a stranger writes; elsewhere a first email says Herr/Madame/Pan/Dr.,
  // or the whole name when the reader's sex (which a title needs) is unknown: "Bonjour Sophie Fontaine,".
  const familiar = named && !input.locale.startsWith('en') && !TITLES.test(greetingLine) && !fullName;
  const company = isOwnName(input.businessName, input.contactName) ? undefined : input.businessName?.trim().toLowerCase();
  const toCompany = /\bteam\b|\bequipo\b|\b[ée]quipe\b/.test(line) || Boolean(company && line.includes(company)) || DOMAIN.test(greetingLine);
  const fits = !familiar && !toCompany;
  return [
    {
      name: 'greeting',
      weight: 0.1,
      passed: fits,
      note: familiar ? `greets ${firstName} by first name alone, too familiar in this language` : toCompany ? 'greets a company, a team or an address rather than a person' : named ? `greets ${firstName}` : 'a plain greeting',
    },
    {
      name: 'personal_greeting',
      weight: 0.05,
      passed: named && fits,
      note: !firstName ? 'no contact name to greet' : named ? `greets ${firstName}` : `does not greet ${firstName}`,
    },
  ];
}

export function scoreDraft(input: QualityInput): { score: number; parts: QualityPart[] } {
  const text = withoutSignature(input.body, input.signature);
  const lower = `${input.subject}\n${text}`.toLowerCase();
  const count = words(withoutReportLink(text));
  const longest = Math.max(0, ...sentences(text).map(words));
  const spam = SPAM_WORDS.filter((w) => lower.includes(w));
  // The page's own words a finding quotes (filler Latin, "{{.Now}}") are no placeholder of the writer's.
  const ownWords = (input.claims.quoted ?? []).reduce((t, q) => t.split(q.toLowerCase()).join(''), lower);
  const costs = input.claims.stated.filter((id) => COSTS_CUSTOMERS.has(id));
  const measured = input.claims.stated.filter((id) => MEASURED.has(id));
  const checkable = input.claims.stated.filter((id) => CHECKABLE.has(id));
  // What not every site has, or the page's own words a finding quotes ("Book Now", an error message).
  const specific = [...input.claims.stated.filter((id) => SPECIFIC.has(id)), ...(input.claims.quoted ?? []).filter((q) => text.includes(q)).map((q) => `"${q}"`)];
  const [min, max] = input.followUp ? [20, 120] : [45, 120];
  const parts: QualityPart[] = [
    {
      name: 'claims_verified',
      weight: 0.05,
      passed: input.claims.ok,
      cap: true,
      note: input.claims.ok ? `every statement about the site is a finding (${input.claims.stated.length} stated)` : input.claims.problems.map((p) => p.reason).join('; '),
    },
    {
      name: 'cites_what_owners_care_about',
      weight: 0.1,
      passed: costs.length > 0,
      cap: !input.followUp,
      note: costs.length ? `states ${costs.join(', ')}` : input.claims.stated.length ? `states only what costs no customers (${input.claims.stated.join(', ')})` : 'states nothing about the site',
    },
    {
      name: 'measured',
      weight: 0.2,
      passed: measured.length > 0,
      note: measured.length ? `states what the audit measured: ${measured.join(', ')}` : 'states nothing the audit measured',
    },
    {
      name: 'owner_can_check',
      weight: 0.1,
      passed: checkable.length > 0,
      note: checkable.length ? `${checkable.join(', ')}: measured, or seen by every visitor` : 'only an absence the owner cannot see for themselves',
    },
    {
      // Owners rate a draft that states what not every site shows (3.8-4.1 over 553 ratings) well above one that does not (3.1-3.2 over 1,069).
      name: 'specific_to_the_site',
      weight: 0.1,
      passed: specific.length > 0,
      note: specific.length ? `states ${specific.join(', ')}, which not every site shows` : 'says only what any site like it would hear',
    },
    namePart(text, input),
    ...greetingParts(text.split('\n')[0] ?? '', input),
    languagePart(text, input),
    { name: 'length', weight: 0.05, passed: count >= min && count <= max, note: `${count} words (${min}-${max} wanted)` },
    { name: 'readability', weight: 0.05, passed: longest <= 35, note: `longest sentence ${longest} words (35 at most)` },
    {
      name: 'subject',
      weight: 0.025,
      passed: input.subject.length <= 60 && !/\d/.test(input.subject) && !RAW_WORDING.test(input.subject),
      note: `${input.subject.length} characters${RAW_WORDING.test(input.subject) ? ', analyser wording' : ''}${/\d/.test(input.subject) ? ', a number' : ''}`,
    },
    {
      name: 'no_spam_or_placeholders',
      weight: 0.025,
      passed: spam.length === 0 && !PLACEHOLDER.test(ownWords),
      note: spam.length ? `spam-trigger words: ${spam.join(', ')}` : PLACEHOLDER.test(ownWords) ? 'a placeholder is left in the text' : 'none',
    },
  ];
  const sum = parts.reduce((total, p) => total + (p.passed ? p.weight : 0), 0);
  const capped = parts.some((p) => p.cap && !p.passed);
  const score = capped ? Math.min(sum, UNVERIFIED_CAP) : sum;
  return { score: Math.round(score * 100) / 100, parts };
}
