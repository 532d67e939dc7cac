// What the offline analyser reads out of a site's title and text: the company name, the
// business category, the industry, the services, the location and the founding year. Page
// text is untrusted: it is only matched against keyword lists, and what is copied out of it
// (service phrases) is short and bounded.
import type { BusinessInput, SiteFacts } from '../../../core/model/analysis.ts';
import type { Category } from './findings.ts';
import { capitalise, collapse, nameFromHostname, titleCase } from './text.ts';
import {
  CATEGORY_MIN_HITS,
  FOUNDED,
  INDUSTRY_MIN_HITS,
  INDUSTRIES,
  PHRASE_STOPWORDS,
  PRODUCT_WORDS,
  SERVICE_PHRASE,
  SERVICE_WORDS,
  US_STATE_ZONE,
  type IndustryRule,
} from './vocabulary.ts';

/** Only the start of long pages is read: enough for the home, about and services text. */
const TEXT_LIMIT = 20_000;

export function corpus(input: BusinessInput): string {
  const search = input.search ? `${input.search.query} ${input.search.industry ?? ''}` : '';
  return collapse(`${input.facts.title ?? ''} ${search} ${input.pageText.slice(0, TEXT_LIMIT)}`);
}

const hits = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;

// ---- Company name ----------------------------------------------------------------------

const GENERIC_TITLE = /^(home|home ?page|welcome|index|start|main|official (web)?site|inicio|accueil|startseite|bienvenid[oa]s?|bienvenue|willkommen)$/i;

/** The few entities that survive in titles when a page double-encodes them. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&')
    .replace(/&(nbsp|ndash|mdash);/g, ' ');
}

const TITLE_SEPARATORS = /\s+[|·•»:-]\s+|\s*(?:\||::|–|—)\s*/;
const GREETING = /^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i;

const hostLabel = (hostname: string): string =>
  hostname.replace(/^www\./i, '').split('.')[0]?.toLowerCase().replace(/[^a-z0-9]/g, '') ?? '';

/** Letters and digits only, accents folded: "Panadería García" → "panaderiagarcia". */
const squash = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The run of consecutive words in `text` that spells the hostname label ("pateldentalcare" ←
 * "Patel Dental Care"), at most 6 words; undefined when there is none or it is a single word.
 */
export function wordsSpellingHost(text: string, hostname: string): string | undefined {
  const label = hostLabel(hostname);
  if (label.length < 4) return undefined;
  const words = collapse(text).split(' ');
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + 6); j++) {
      joined += squash(words[j]);
      if (!label.startsWith(joined)) break;
      if (joined === label && j > i) return words.slice(i, j + 1).join(' ').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '');
    }
  }
  return undefined;
}

/**
 * The business's name from a title (or a name that may carry a slogan): "Home | Smith Plumbing –
 * Austin's plumber" → "Smith Plumbing". Undefined when no part looks like a name.
 */
export function nameFromTitle(raw: string, hostname: string): string | undefined {
  const title = collapse(decodeEntities(raw));
  const parts = title
    .split(TITLE_SEPARATORS)
    .map((p) => p.replace(GREETING, '').trim())
    .filter((p) => p && !GENERIC_TITLE.test(p) && p.length <= 60);
  const label = hostLabel(hostname);
  // A part that is exactly the domain's words ("Patel Dental Care" for pateldentalcare.com) wins.
  const exact = parts.find((p) => squash(p) === label && label.length >= 3);
  if (exact) return exact;
  // Else the part sharing a word with the domain: titles often lead with a slogan.
  const matchesHost = parts.find((p) =>
    p
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((w) => w.length >= 3 && label.includes(w)),
  );
  const chosen = matchesHost ?? parts[0];
  // A long, sentence-like part that contains the domain's words: keep just those words.
  if (chosen && chosen.split(' ').length > 5) return wordsSpellingHost(chosen, hostname) ?? chosen;
  return chosen;
}

/**
 * The company name: the site's own business name when the analyser found one, else the title's
 * name part, else the words of the page that spell the domain, else the domain itself. A name
 * that is only the domain run together ("Pateldentalcare") is replaced by the words that spell
 * it in the title or text ("Patel Dental Care").
 */
export function companyName(facts: SiteFacts, pageText = ''): string {
  const own = collapse(decodeEntities(facts.business_name ?? ''));
  if (own && own.length <= 80) return nameFromTitle(own, facts.hostname) ?? own;
  const fromTitle = nameFromTitle(facts.title ?? '', facts.hostname);
  const runTogether = !fromTitle || (!fromTitle.includes(' ') && squash(fromTitle) === hostLabel(facts.hostname));
  if (!runTogether) return fromTitle;
  const spelled = wordsSpellingHost(facts.title ?? '', facts.hostname) ?? wordsSpellingHost(pageText.slice(0, TEXT_LIMIT), facts.hostname);
  return spelled ?? fromTitle ?? nameFromHostname(facts.hostname);
}

// ---- Industry and category -------------------------------------------------------------

export interface Industry {
  industry: string;
  specific: string;
  rule?: IndustryRule;
  hits: number;
}

/** The text without the words of the person the page names: a surname is no trade ("Dr. Elena Flores" does not make a dental clinic a florist). */
function withoutPerson(text: string, person: string | null | undefined): string {
  const words = (person ?? '').split(/[\s.,]+/).filter((w) => w.length >= 3 && /^[\p{L}'’-]+$/u.test(w));
  return words.length ? text.replace(new RegExp(`(?<![\\p{L}])(?:${words.join('|')})(?![\\p{L}])`, 'giu'), ' ') : text;
}

export function detectIndustry(input: BusinessInput, text: string): Industry {
  let best: IndustryRule | undefined;
  let bestHits = 0;
  const trade = withoutPerson(text, input.facts.contact_name);
  for (const rule of INDUSTRIES) {
    const n = hits(trade, rule.words);
    if (n >= INDUSTRY_MIN_HITS && n > bestHits) [best, bestHits] = [rule, n];
  }
  const given = input.search?.industry?.trim();
  const query = input.search?.query?.trim();
  const industry = given ? titleCase(given) : (best?.industry ?? 'Unknown');
  const specific = query ? capitalise(collapse(query).slice(0, 80)) : (best ? capitalise(best.noun) : industry);
  return { industry, specific, rule: best, hits: bestHits };
}

/**
 * Product-Based when the site sells online, Service-Based when it takes bookings; otherwise
 * whichever vocabulary dominates (the industry's keyword hits, up to 5, count for its usual
 * kind), and Informational/Other when neither reaches CATEGORY_MIN_HITS.
 */
export function detectCategory(facts: SiteFacts, text: string, industry: Industry): Category {
  if (facts.has_ecommerce === true) return 'Product-Based';
  if (facts.has_online_booking === true) return 'Service-Based';
  const prior = Math.min(5, industry.hits);
  const product = hits(text, PRODUCT_WORDS) + (industry.rule?.kind === 'product' ? prior : 0);
  const service = hits(text, SERVICE_WORDS) + (industry.rule?.kind === 'service' ? prior : 0);
  if (Math.max(product, service) < CATEGORY_MIN_HITS) return 'Informational/Other';
  return product > service ? 'Product-Based' : 'Service-Based';
}

// ---- Services --------------------------------------------------------------------------

const NOT_A_SERVICE = /customer service|terms of service|privacy|cookie|web design|site design/i;

const isQualifier = (word: string): boolean => !PHRASE_STOPWORDS.has(word.toLowerCase()) && !/ly$/i.test(word) && word.length > 1;

/**
 * Service phrases found in the text ("Drain cleaning", "Water heater repair"), at most 8:
 * every qualifying word must be a content word; Title Case phrases (headings, menus) and
 * repeated ones rank first.
 */
/** Service nouns that, glued to the next word, show text run together ("whiteningteeth"). */
const GLUED = /(whitening|cleaning|maintenance|treatments?|consultations?|inspections?|replacement|implants|haircuts?|colou?ring|catering|removal|planning|preparation|photography|lessons|classes|training|installations?)(?=[a-z]{3,})/gi;

/**
 * Page text with run-together words pulled apart: "Teeth whiteningTeeth whitening" (two list
 * items without a space between them) and "whiteningteeth" become two words, so a phrase never
 * spans them.
 */
export function separateRunTogether(text: string): string {
  return text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(GLUED, '$1 ');
}

export function servicesOffered(pageText: string): string[] {
  // Keyed by the lower-case phrase: the same service in two cases is one service.
  const found = new Map<string, { phrase: string; count: number; heading: boolean; first: number }>();
  for (const match of separateRunTogether(pageText.slice(0, TEXT_LIMIT)).matchAll(SERVICE_PHRASE)) {
    const words = match[1].split(' ');
    while (words.length > 1 && !isQualifier(words[0])) words.shift();
    if (words.length < 2 || !words.slice(0, -1).every(isQualifier)) continue;
    const phrase = capitalise(words.join(' ').toLowerCase());
    if (NOT_A_SERVICE.test(phrase)) continue;
    const seen = found.get(phrase.toLowerCase());
    const heading = words.every((w) => /^[\p{Lu}]/u.test(w));
    if (seen) {
      seen.count++;
      seen.heading ||= heading;
    } else found.set(phrase.toLowerCase(), { phrase, count: 1, heading, first: found.size });
  }
  return [...found.values()]
    .sort((a, b) => Number(b.heading) - Number(a.heading) || b.count - a.count || a.first - b.first)
    .slice(0, 8)
    .map((f) => f.phrase);
}

// ---- Location and founding year ---------------------------------------------------------

export interface Place {
  city: string | null;
  state_province: string | null;
  country: string | null;
  timezone: string | null;
}

const NO_PLACE: Place = { city: null, state_province: null, country: null, timezone: null };

/** A town the page writes in capitals ("GRASS VALLEY, CA") is written as its name is ("Grass Valley"): an email that echoes the capitals reads as a mail merge. */
const townCase = (city: string) => (/\p{Ll}/u.test(city) ? city.trim() : city.trim().toLowerCase().replace(/(^|[\s'-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()));

function usPlace(city: string, state: string): Place {
  const zone = US_STATE_ZONE[state.toUpperCase()];
  if (!zone) return { ...NO_PLACE, city: townCase(city) };
  return { city: townCase(city), state_province: state.toUpperCase(), country: 'United States', timezone: zone };
}

/** From a US-style address ("…, Austin, TX 78701"), else from the campaign's location. */
export function detectPlace(facts: SiteFacts, location?: string): Place {
  const address = collapse(facts.address ?? '');
  const us = /(?:^|,)\s*([A-Za-z .'-]{2,40}?),?\s+([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/.exec(address);
  if (us && US_STATE_ZONE[us[2]]) return usPlace(us[1], us[2]);
  const parts = (location ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 2 && /^[A-Za-z]{2}$/.test(parts[1]) && US_STATE_ZONE[parts[1].toUpperCase()]) return usPlace(parts[0], parts[1]);
  if (parts.length >= 1) return { ...NO_PLACE, city: parts[0], country: parts.length >= 3 ? parts[parts.length - 1] : null };
  return NO_PLACE;
}

export function foundedYear(text: string): number | null {
  const match = FOUNDED.exec(text);
  return match ? Number(match[1]) : null;
}
