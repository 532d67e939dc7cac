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

/** "Home | Smith Plumbing – Austin's plumber" → "Smith Plumbing"; falls back to the hostname. */
export function companyName(facts: SiteFacts): string {
  const title = collapse(decodeEntities(facts.title ?? ''));
  const parts = title
    .split(/\s+[|·•»:-]\s+|\s*(?:\||::|–|—)\s*/)
    .map((p) => p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, '').trim())
    .filter((p) => p && !GENERIC_TITLE.test(p) && p.length <= 60);
  const hostLabel = facts.hostname.replace(/^www\./, '').split('.')[0]?.toLowerCase().replace(/[^a-z0-9]/g, '') ?? '';
  // Prefer the part that shares a word with the domain: titles often lead with a slogan.
  const matchesHost = parts.find((p) =>
    p
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((w) => w.length >= 3 && hostLabel.includes(w)),
  );
  return matchesHost ?? parts[0] ?? nameFromHostname(facts.hostname);
}

// ---- Industry and category -------------------------------------------------------------

export interface Industry {
  industry: string;
  specific: string;
  rule?: IndustryRule;
  hits: number;
}

export function detectIndustry(input: BusinessInput, text: string): Industry {
  let best: IndustryRule | undefined;
  let bestHits = 0;
  for (const rule of INDUSTRIES) {
    const n = hits(text, rule.words);
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
  if (facts.has_ecommerce) return 'Product-Based';
  if (facts.has_online_booking) return 'Service-Based';
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
export function servicesOffered(pageText: string): string[] {
  const found = new Map<string, { phrase: string; count: number; heading: boolean; first: number }>();
  for (const match of pageText.slice(0, TEXT_LIMIT).matchAll(SERVICE_PHRASE)) {
    const words = match[1].split(' ');
    while (words.length > 1 && !isQualifier(words[0])) words.shift();
    if (words.length < 2 || !words.slice(0, -1).every(isQualifier)) continue;
    const phrase = capitalise(words.join(' ').toLowerCase());
    if (NOT_A_SERVICE.test(phrase)) continue;
    const seen = found.get(phrase);
    const heading = words.every((w) => /^[\p{Lu}]/u.test(w));
    if (seen) {
      seen.count++;
      seen.heading ||= heading;
    } else found.set(phrase, { phrase, count: 1, heading, first: found.size });
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

function usPlace(city: string, state: string): Place {
  const zone = US_STATE_ZONE[state.toUpperCase()];
  if (!zone) return { ...NO_PLACE, city: city.trim() };
  return { city: city.trim(), state_province: state.toUpperCase(), country: 'United States', timezone: zone };
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
