// The offline email writer: short, plain text in the lead's language, stating only the brief's
// findings. Each cited finding is one sentence from the phrasebook, said as what the owner
// loses, and the only number it may print is that finding's measured value; every other
// sentence (opener, value, credibility, call to action) says nothing about the site and prints
// no number, so every draft passes the claim checker (src/core/drafts/claims.ts). Phrasing varies
// with a hash of the hostname: a campaign's emails differ, the same lead always gets the same one.
import { EMAIL_LOCALES, type EmailBrief, type EmailLocale, type Finding, type FindingId, type WrittenEmail } from '../../../core/model/analysis.ts';
import { nameFromTitle } from './classify.ts';
import { phrasebook, spelling, type Phrasebook, type Slots } from './phrases/index.ts';
import { styledSubjects } from './subject-styles.ts';
import { capitalise, collapse, hostnameOf, nameFromHostname, pick, wordCount } from './text.ts';
import { INDUSTRIES } from './vocabulary.ts';

export const MIN_WORDS = 90;
export const MAX_WORDS = 180;
export const MAX_SUBJECT = 60;
/** At most this many findings are stated: more reads like an audit, not a note. */
export const MAX_CITED = 3;

/** Findings that never open an email: true, but no owner would reply to hear them first. */
const MINOR: ReadonlySet<FindingId> = new Set(['missing_lang', 'empty_links', 'unoptimized_images']);

/**
 * What an owner cares about, first to last. Booking matters to service businesses and a shop to
 * product businesses: each moves up for its kind (both sit in the middle when the kind is unknown).
 */
function ranking(kind: 'service' | 'product' | undefined): FindingId[] {
  const head: FindingId[] = ['site_broken', 'no_ssl', 'no_viewport', 'no_contact_form'];
  const middle: FindingId[] = ['slow_home', 'broken_links'];
  const tail: FindingId[] = ['no_analytics', 'images_missing_alt', 'redirect_chain', 'unoptimized_images', 'empty_links', 'missing_lang'];
  if (kind === 'service') return [...head, 'no_booking', ...middle, ...tail, 'no_ecommerce'];
  if (kind === 'product') return [...head, ...middle, 'no_ecommerce', ...tail, 'no_booking'];
  return [...head, ...middle, 'no_booking', 'no_ecommerce', ...tail];
}

const known = (value?: string): string | undefined => {
  const v = collapse(value ?? '');
  return v && !/^unknown$/i.test(v) && v.length <= 60 && !/[<>{}[\]]/.test(v) ? v : undefined;
};

const industryRule = (industry?: string) => INDUSTRIES.find((r) => r.industry.toLowerCase() === known(industry)?.toLowerCase());

/** "dental practice" → "dental practices", "real-estate agency" → "real-estate agencies". */
function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|sh|ch|x)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** The findings to state, most important first: one per id, at most MAX_CITED, never a minor one first. */
export function chooseFindings(findings: Finding[], industry?: string): Finding[] {
  const order = ranking(industryRule(industry)?.kind);
  const byId = new Map<FindingId, Finding>();
  for (const f of findings) if (!byId.has(f.id) && order.includes(f.id)) byId.set(f.id, f);
  const chosen = order.flatMap((id) => byId.get(id) ?? []).slice(0, MAX_CITED);
  // A site that is down is the whole story: anything else would read as nitpicking.
  if (chosen[0]?.id === 'site_broken') return chosen.slice(0, 1);
  return chosen.length && MINOR.has(chosen[0].id) ? [] : chosen;
}

/** "Maria Lopez" → "Maria"; "Dr. Ana Ruiz" → "Dr. Ruiz"; anything that is not clearly a name → undefined. */
export function greetingName(contact?: string): string | undefined {
  const full = collapse(contact ?? '');
  // Crawled text is untrusted: only a plain 1-4 word name goes into a greeting.
  if (!full || full.length > 60 || !/^[\p{L}][\p{L}'’.-]*( [\p{L}][\p{L}'’.-]*){0,3}$/u.test(full)) return undefined;
  const words = full.split(' ');
  const honorific = /^(dr|mr|mrs|ms|prof)\.?$/i.test(words[0]);
  if (honorific) return words.length > 1 ? `${capitalise(words[0].replace(/\.?$/, '.'))} ${words[words.length - 1]}` : undefined;
  return words[0];
}

/** The brief's company name, cleaned of a title's slogan ("Novak Dental | Denver's friendly…" → "Novak Dental"). */
export function cleanCompany(raw: string, host: string): string | undefined {
  const name = nameFromTitle(collapse(raw).slice(0, 200), host) ?? (host ? nameFromHostname(host) : undefined);
  return name && name.length <= 80 ? name : undefined;
}

export interface Context {
  brief: EmailBrief;
  book: Phrasebook;
  locale: EmailLocale;
  slots: Slots;
  seed: string;
}

export function context(brief: EmailBrief): Context {
  const host = hostnameOf(brief.url);
  const locale = (EMAIL_LOCALES as readonly string[]).includes(brief.locale) ? brief.locale : 'en-US';
  const rule = industryRule(brief.industry);
  const slots: Slots = {
    company: cleanCompany(brief.company_name, host),
    city: known(brief.city),
    industryPlural: locale.startsWith('en') && rule ? plural(rule.noun) : undefined,
  };
  return { brief, book: phrasebook(locale), locale, slots, seed: (host || slots.company || brief.url).toLowerCase() };
}

export function greeting({ brief, book, slots, seed }: Context): string {
  const name = greetingName(brief.contact_name);
  if (name) return pick(book.greetNamed(name), seed, 'greet');
  return slots.company && slots.company.length <= 30 ? pick(book.greetTeam(slots.company), seed, 'greet') : pick(book.greetAnon, seed, 'greet');
}

/** A paragraph after the greeting: capitalised unless the greeting ends with a comma (German keeps lower case then). */
export const afterGreeting = (greet: string, text: string): string => (greet.endsWith(',') ? text : capitalise(text));

const fits = (s: string) => s.length <= MAX_SUBJECT && !/\d/.test(s);

function subject({ book, slots, seed }: Context, lead: FindingId | undefined): string {
  const company = slots.company;
  const named = company ? (lead ? (book.subject.byFinding[lead]?.(company) ?? book.subject.generic(company)) : book.subject.none(company)) : [];
  const options = named.filter(fits);
  return pick(options.length ? options : book.subject.plain, seed, 'subject');
}

interface Shape {
  findings: Finding[];
  credibility: boolean;
  padding: number;
}

function compose(ctx: Context, shape: Shape): string {
  const { book, slots, seed, brief } = ctx;
  const greet = greeting(ctx);
  const n = shape.findings.length;
  const paragraphs: string[] = [greet];
  if (n === 0) {
    const body = [pick(book.none.opener(slots), seed, 'open'), ...book.none.body.slice(0, shape.credibility ? 3 : 2), ...book.none.padding.slice(0, shape.padding)];
    paragraphs.push(afterGreeting(greet, body.join(' ')), pick(book.none.cta, seed, 'cta'));
  } else {
    const stated = shape.findings.map((f) => book.finding[f.id](f.value));
    paragraphs.push(afterGreeting(greet, pick(book.opener(slots, n), seed, 'open')));
    paragraphs.push(n === 1 ? stated[0] : stated.map((s) => `- ${s}`).join('\n'));
    const value = shape.findings[0].id === 'site_broken' ? book.value.broken : n === 1 ? book.value.one : book.value.many;
    const closing = [pick(value, seed, 'value'), ...(shape.credibility ? [pick(book.credibility, seed, 'cred')] : []), ...book.padding.slice(0, shape.padding)];
    paragraphs.push(closing.join(' '), pick(book.cta, seed, 'cta'));
  }
  return spell(ctx, paragraphs.join('\n\n')) + `\n\n${brief.signature}`;
}

/** The locale's spelling, applied around the names (a "Color Lab" stays a Color Lab in British English). */
export function spell(ctx: Context, text: string): string {
  const names = [ctx.slots.company, greetingName(ctx.brief.contact_name), ctx.slots.city].filter((n): n is string => Boolean(n));
  let out = text;
  names.forEach((name, i) => (out = out.split(name).join(`\u0000${i}\u0000`)));
  out = spelling(ctx.locale)(out);
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => names[Number(i)]);
}

export function writeEmail(brief: EmailBrief): WrittenEmail {
  const ctx = context(brief);
  const chosen = chooseFindings(brief.findings ?? [], brief.industry);
  // Lengthen with neutral sentences when findings are few; shorten when they run long.
  let shape: Shape = { findings: chosen, credibility: true, padding: 0 };
  let body = compose(ctx, shape);
  const shorter: Shape[] = [
    { findings: chosen, credibility: false, padding: 0 },
    { findings: chosen.slice(0, 2), credibility: false, padding: 0 },
    { findings: chosen.slice(0, 1), credibility: false, padding: 0 },
  ];
  for (let padding = 1; wordCount(body) < MIN_WORDS && padding <= 2; padding++) body = compose(ctx, (shape = { ...shape, padding }));
  for (const next of shorter) if (wordCount(body) > MAX_WORDS) body = compose(ctx, (shape = next));
  const lead = shape.findings[0]?.id;
  const main = spell(ctx, subject(ctx, lead));
  // A/B test: one subject per style asked for; `finding` is the usual subject.
  const variants = brief.subject_styles?.map((style) => ({
    style,
    subject: style === 'finding' ? main : spell(ctx, pick(styledSubjects(style, ctx.locale, ctx.slots.company, lead, fits), ctx.seed, `subject-${style}`)),
  }));
  return { subject: main, body, cited_findings: shape.findings.map((f) => f.id), ...(variants && { subject_variants: variants }) };
}
