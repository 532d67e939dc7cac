// The offline email writer: a short note in the lead's language about the brief's findings,
// which core has already chosen for this business (src/core/drafts/pitch.ts: at most two, the
// strongest first). Each finding is one sentence from the phrasebook, said as what the owner
// loses, and the only number it may print is that finding's measured value; every other
// sentence (greeting, opener, how it was measured, value, call to action) says nothing else
// about the site and prints no number, so every draft passes the claim checker
// (src/core/drafts/claims.ts). It greets a person only when the page names one, and names the
// business only by the name core decided. With nothing to state it writes nothing: no "hello"
// notes. Phrasing varies with a hash of the hostname: a campaign's emails differ, the same lead
// always gets the same one.
import { EMAIL_LOCALES, type EmailBrief, type EmailLocale, type Finding, type FindingId, type WrittenEmail } from '../../../core/model/analysis.ts';
import { phrasebook, spelling, type Phrasebook, type Slots } from './phrases/index.ts';
import { styledSubjects } from './subject-styles.ts';
import { capitalise, collapse, hostnameOf, pick, wordCount } from './text.ts';
import { INDUSTRIES } from './vocabulary.ts';
import { isOwnName } from '../../../core/drafts/own-name.ts';
import { polishVocative, sexOfGivenName } from '../../../core/given-names.ts';
import { withoutReportLink } from '../../../core/drafts/quality.ts';

/** The body's length in words, signature and report link left out: a note, not a report. */
export const MIN_WORDS = 45;
export const MAX_WORDS = 120;
export const MAX_SUBJECT = 60;
/** At most this many findings are stated (core chooses no more: MAX_PITCHED). */
export const MAX_CITED = 2;

/** Findings Lighthouse measured: stating one says how it was measured and how to check it. */
const MEASURED: ReadonlySet<FindingId> = new Set(['slow_mobile', 'layout_shift', 'heavy_page', 'low_performance']);

const known = (value?: string): string | undefined => {
  const v = collapse(value ?? '');
  return v && !/^unknown$/i.test(v) && v.length <= 60 && !/[<>{}[\]]/.test(v) ? v : undefined;
};

const industryRule = (industry?: string) => INDUSTRIES.find((r) => r.industry.toLowerCase() === known(industry)?.toLowerCase());

/** The findings to state: the brief's, in its order (core chose and ranked them), at most MAX_CITED. */
export function chooseFindings(findings: Finding[]): Finding[] {
  const seen = new Set<FindingId>();
  return findings.filter((f) => !seen.has(f.id) && seen.add(f.id)).slice(0, MAX_CITED);
}

/**
 * "Maria Lopez" → "Maria" in English; in German, French, Dutch and Polish the person's title and
 * surname or vocative when the first name says their sex ("Frau Bartl", "Monsieur Lévêque",
 * "meneer Springvloed", "Pani Moniko"),
 * else "Maria Lopez" (a first name alone is too familiar from a stranger there; Polish greets no
 * one untitled); "Dr. Ana Ruiz" → "Dr. Ruiz" ("Frau Dr. Ruiz" in German); anything that is not
 * clearly a name → undefined.
 */
export function greetingName(contact?: string, locale: string = 'en', industry?: string, company?: string): string | undefined {
  const full = collapse(contact ?? '');
  // Crawled text is untrusted: only a plain 1-4 word name goes into a greeting.
  if (!full || full.length > 60 || !/^[\p{L}][\p{L}'’.-]*( [\p{L}][\p{L}'’.-]*){0,3}$/u.test(full)) return undefined;
  const words = full.split(' ');
  const last = surname(words[words.length - 1]);
  const honorific = /^(dr|mr|mrs|ms|prof)\.?$/i.test(words[0]);
  if (honorific) {
    if (words.length === 1) return undefined;
    const doctor = `${capitalise(words[0].replace(/\.?$/, '.'))} ${last}`;
    const sex = words.length > 2 && /^dr/i.test(words[0]) ? sexOfGivenName(words[1]) : undefined;
    // Polish greets a doctor by the title alone: "Dzień dobry Pani Doktor,".
    if (locale.startsWith('pl')) return sex && /^dr/i.test(words[0]) ? (sex === 'female' ? 'Pani Doktor' : 'Panie Doktorze') : undefined;
    return locale.startsWith('de') && sex ? `${sex === 'female' ? 'Frau' : 'Herr'} ${doctor}` : doctor;
  }
  // A German inn's hosts, "Familie Gerber", are greeted as the family in every language.
  if (words.length === 2 && words[0] === 'Familie') return full;
  // A first name alone is English's greeting; elsewhere it is too familiar from a stranger, and the greeting is the plain one.
  if (words.length === 1) return locale.startsWith('en') ? words[0] : undefined;
  if (locale.startsWith('en')) return words[0];
  // A law firm named for this person is theirs: they are its lawyer.
  const lawyer = industry === 'Legal' && Boolean(company?.toLowerCase().includes(last.toLowerCase()));
  return titled(words[0], last, locale, lawyer) ?? (locale.startsWith('pl') ? undefined : `${words[0]} ${last}`);
}

/** A surname the page writes in capitals ("Emilie ROGHI") as a greeting writes it: "Roghi". */
const surname = (word: string) => (word.length > 2 && word === word.toUpperCase() ? word.charAt(0) + word.slice(1).toLowerCase() : word);

/**
 * "Frau Bartl", "Monsieur Lévêque", "meneer Springvloed", "Pani Moniko": where the language titles a person and the first
 * name says which title. A Polish lawyer is addressed by the profession's title ("Panie Mecenasie").
 */
function titled(first: string, last: string, locale: string, lawyer: boolean): string | undefined {
  const sex = sexOfGivenName(first);
  if (!sex) return undefined;
  if (locale.startsWith('de')) return `${sex === 'female' ? 'Frau' : 'Herr'} ${last}`;
  if (locale.startsWith('fr')) return `${sex === 'female' ? 'Madame' : 'Monsieur'} ${last}`;
  if (locale.startsWith('nl')) return `${sex === 'female' ? 'mevrouw' : 'meneer'} ${last}`;
  if (!locale.startsWith('pl')) return undefined;
  if (lawyer) return sex === 'female' ? 'Pani Mecenas' : 'Panie Mecenasie';
  const vocative = polishVocative(first, sex);
  return vocative && `${sex === 'female' ? 'Pani' : 'Panie'} ${vocative}`;
}

/** The business's name as core decided it (src/core/leads/business-name.ts), or undefined: never the hostname. */
export function cleanCompany(raw: string): string | undefined {
  const name = collapse(raw);
  return name && name.length <= 60 && !/[<>{}[\]]/.test(name) ? name : undefined;
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
  const book = phrasebook(locale);
  // To the person a business is named for, greeted by that name, it is "your website" (isOwnName);
  // where the greeting names no one (Polish "Dzień dobry,"), the note still names the business.
  const greeted = greetingName(brief.contact_name, locale, rule?.industry, brief.company_name) !== undefined && book.greetNamed('\u0000').some((g) => g.includes('\u0000'));
  const slots: Slots = {
    company: greeted && isOwnName(brief.company_name, brief.contact_name) ? undefined : cleanCompany(brief.company_name),
    city: known(brief.city),
    industry: rule?.industry,
    audience: brief.audience,
  };
  return { brief, book, locale, slots, seed: (host || slots.company || brief.url).toLowerCase() };
}

/** A person the page names, by name; otherwise the trade's plain greeting ("Bonjour Maître,") or the plain one ("Hello,"), never "<company> team". */
export function greeting({ brief, book, seed, locale, slots }: Context): string {
  const name = greetingName(brief.contact_name, locale, slots.industry, brief.company_name);
  const trade = slots.industry ? book.greetTrade?.[slots.industry] : undefined;
  return pick(name ? book.greetNamed(name) : (trade ?? book.greet), seed, 'greet');
}

/** A finding's sentence, with the page's words it quotes and whether it holds for the whole page. */
export const sayFinding = (book: Phrasebook, f: Finding, slots: Slots): string =>
  book.finding[f.id](f.value, { ...slots, ...(f.quote && { quote: f.quote }), ...(f.quotes && { quotes: f.quotes }), ...(f.whole && { whole: true }) });

/** A paragraph after the greeting: capitalised unless the greeting ends with a comma (German keeps lower case then). */
export const afterGreeting = (greet: string, text: string): string => (greet.endsWith(',') ? text : capitalise(text));

const fits = (s: string) => s.length <= MAX_SUBJECT && !/\d/.test(s);

function subject({ book, slots, seed }: Context, lead: FindingId | undefined): string {
  const company = slots.company;
  const named = company ? ((lead && book.subject.byFinding[lead]?.(company, slots)) ?? book.subject.generic(company, slots)) : [];
  const options = named.filter(fits);
  const unnamed = (lead && book.subject.unnamed[lead]) || [];
  return pick(options.length ? options : unnamed.length ? unnamed : book.subject.plain, seed, 'subject');
}

interface Shape {
  findings: Finding[];
  /** How the owner can see it for themselves (a crawl finding's `check`). */
  check: boolean;
  /** The sentence on what fixing it brings. */
  value: boolean;
  /** Who writes: the whole line, the few words a long note still has room for, or nothing. */
  credibility: 'full' | 'short' | false;
  padding: number;
  /** The shortest ask the note may end with, to keep the sender's line in a long note. */
  shortAsk?: boolean;
  /** The shortest opener, for the same reason. */
  shortOpener?: boolean;
  /** What has been announced about a finding: the first thing a long note loses, before who writes (raters missed that line more). */
  news: boolean;
}

function compose(ctx: Context, shape: Shape): string {
  const { book, slots, seed, brief } = ctx;
  const greet = greeting(ctx);
  const n = shape.findings.length;
  // How it was measured follows the first measured finding, so "that figure" is the one just read;
  // without one, how the owner sees a crawl finding for themselves follows the first that has a way.
  const firstMeasured = shape.findings.findIndex((f) => MEASURED.has(f.id));
  const firstCheck = firstMeasured >= 0 || !shape.check ? -1 : shape.findings.findIndex((f) => book.check[f.id]);
  const after = (f: Finding, i: number) => (i === firstMeasured ? [pick(book.measured, seed, 'measured')] : i === firstCheck ? [pick(book.check[f.id]!, seed, 'check')] : []);
  // A finding with what backs it (how it was measured, how to see it, then what has been announced about it) is a paragraph of its own.
  const news = (f: Finding) => (shape.news && f.whole && book.news[f.id] ? [pick(book.news[f.id]!, seed, 'news')] : []);
  const stated = shape.findings.map((f, i) => [sayFinding(book, f, slots), ...after(f, i), ...news(f)].join(' '));
  const openers = book.opener(slots, n);
  const opener = shape.shortOpener ? [...openers].sort((a, b) => wordCount(a) - wordCount(b))[0] : pick(openers, seed, 'open');
  const paragraphs: string[] = [greet, afterGreeting(greet, opener), ...stated];
  if (brief.report_url) paragraphs.push(`${pick(book.report, seed, 'report')}\n${brief.report_url}`);
  const value = shape.findings[0].id === 'site_broken' ? book.value.broken : n === 1 ? book.value.one : book.value.many;
  // Where a search lists the site is not a contained fix: no note promises to fix it.
  const promise = shape.value && !shape.findings.some((f) => f.id === 'search_position');
  const closing = [...(promise ? [pick(value, seed, 'value')] : []), ...(shape.credibility === 'full' ? [pick(book.credibility, seed, 'cred')] : []), ...book.padding.slice(0, shape.padding)];
  if (closing.length) paragraphs.push(closing.join(' '));
  // A call is a lot to ask a stranger for an unmeasured point; a measured one is worth showing.
  const ask = pick([...book.call, ...book.cta], seed, 'cta');
  const asks = firstMeasured < 0 ? book.cta : [...book.call, ...book.cta];
  // The shortest ask, a call's first sentence alone ("Would a short call next week be useful?"): room for who writes.
  const shortest = asks.map((a) => a.split(/(?<=[?!.])\s+(?=\p{Lu})/u)[0]).sort((a, b) => wordCount(a) - wordCount(b))[0];
  const asked = shape.shortAsk ? shortest : firstMeasured < 0 && book.call.includes(ask) ? pick(book.cta, seed, 'reply') : ask;
  // Who writes, in a few words, leads into the ask ("I build websites for small businesses. Would you like…").
  paragraphs.push(shape.credibility === 'short' ? `${pick(book.credibilityShort, seed, 'cred')} ${asked}` : asked);
  return spell(ctx, paragraphs.join('\n\n')) + `\n\n${brief.signature}`;
}

/**
 * The note's length: the body without its signature and without the line offering the report
 * page with its address, which, like the signature, is not what the 120 words are for (counted,
 * it pushed a French note's measured finding out).
 */
function readWords(ctx: Context, body: string): number {
  return wordCount(withoutReportLink(body.slice(0, body.length - ctx.brief.signature.length)));
}

/** The locale's spelling, applied around the names (a "Color Lab" stays a Color Lab in British English). */
export function spell(ctx: Context, text: string): string {
  const names = [ctx.slots.company, greetingName(ctx.brief.contact_name, ctx.locale, ctx.slots.industry, ctx.brief.company_name), ctx.slots.city].filter((n): n is string => Boolean(n));
  let out = text;
  names.forEach((name, i) => (out = out.split(name).join(`\u0000${i}\u0000`)));
  out = spelling(ctx.locale)(out);
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => names[Number(i)]);
}

export function writeEmail(brief: EmailBrief): WrittenEmail {
  const ctx = context(brief);
  const chosen = chooseFindings(brief.findings ?? []);
  if (chosen.length === 0) throw new Error('Nothing to write: the brief has no finding worth stating (core does not ask for "hello" notes)');
  // Lengthen with a neutral sentence when the note is very short; shorten when it runs long. Who
  // writes is the last thing a stranger's note loses (raters marked down notes that never say).
  // A shape is what the note keeps; each rung of the ladder below gives up one more thing.
  const keep = (kept: Partial<Shape>): Shape => ({ findings: chosen, check: false, value: false, credibility: false, news: false, padding: 0, ...kept });
  let shape = keep({ check: true, value: true, credibility: 'full', news: true });
  let body = compose(ctx, shape);
  if (readWords(ctx, body) < MIN_WORDS) body = compose(ctx, (shape = { ...shape, padding: 1 }));
  // Raters marked down two-finding notes that never say who writes more than ones without the check line.
  const shorter: Shape[] = [
    keep({ check: true, credibility: 'full', news: true }),
    keep({ check: true, credibility: 'full', news: true, shortAsk: true }),
    keep({ check: true, credibility: 'full', shortAsk: true }),
    keep({ check: true, credibility: 'short', shortAsk: true }),
    keep({ credibility: 'short', shortAsk: true }),
    keep({ credibility: 'short', shortAsk: true, shortOpener: true }),
    keep({}),
    keep({ findings: chosen.slice(0, 1), check: true, value: true }),
    // A language whose words run longer ("la página web" for "la web") may still need the shortest opener and ask.
    keep({ findings: chosen.slice(0, 1), check: true, value: true, shortOpener: true, shortAsk: true }),
  ];
  for (const next of shorter) if (readWords(ctx, body) > MAX_WORDS) body = compose(ctx, (shape = next));
  const lead = shape.findings[0]?.id;
  const main = spell(ctx, subject(ctx, lead));
  // A/B test: one subject per style asked for; `finding` is the usual subject.
  const variants = brief.subject_styles?.map((style) => ({
    style,
    subject: style === 'finding' ? main : spell(ctx, pick(styledSubjects(style, ctx.locale, ctx.slots.company, lead, fits), ctx.seed, `subject-${style}`)),
  }));
  return { subject: main, body, cited_findings: shape.findings.map((f) => f.id), ...(variants && { subject_variants: variants }) };
}
