// Reading a local-search query ("plumbers in Austin", "dentists Denver CO", "bakery") against
// the sandbox web: industry words (singular, plural, synonyms), city and state names. What
// the generated sites cannot answer is answered by businesses generated for the query.
import { INDUSTRIES } from './catalog/industries.ts';
import { asciiFold } from './catalog/names.ts';
import { CITIES } from './catalog/places.ts';
import { generatedMatches } from './generated/sites.ts';
import type { SandboxSite } from './site.ts';

const STOPWORDS = new Set([
  'in', 'near', 'me', 'around', 'the', 'of', 'for', 'best', 'top', 'local', 'a', 'an', 'and', 'my', 'area',
  'business', 'businesses', 'company', 'companies', 'service', 'services', 'shop', 'shops', 'usa', 'us', 'city', 'downtown',
]);

const normalize = (text: string) => ` ${asciiFold(text).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;

// Longest first, so "law firm" wins over a shorter overlapping word.
const TERMS = INDUSTRIES.flatMap((i) => i.terms.map((t) => ({ term: normalize(t), key: i.key }))).sort((a, b) => b.term.length - a.term.length);
const STATES = new Map(CITIES.map((c) => [c.state, c.stateName]));

interface Place {
  cities: Set<string>;
  states: Set<string>;
  rest: string;
}

/** Takes city names, state names and upper-case state codes out of a text. */
function takePlaces(text: string): Place {
  const cities = new Set<string>();
  const states = new Set<string>();
  for (const code of text.match(/\b[A-Z]{2}\b/g) ?? []) if (STATES.has(code)) states.add(code);
  let rest = normalize(text);
  for (const city of CITIES) {
    const name = normalize(city.name);
    if (rest.includes(name)) {
      cities.add(city.name);
      rest = rest.replace(name, ' ');
    }
  }
  for (const [code, stateName] of STATES) {
    const name = normalize(stateName);
    if (rest.includes(name)) {
      states.add(code);
      rest = rest.replace(name, ' ');
    }
    if (states.has(code)) rest = rest.replace(` ${code.toLowerCase()} `, ' ');
  }
  return { cities, states, rest };
}

const words = (text: string) => text.split(' ').filter((w) => w && !STOPWORDS.has(w));

export interface SiteQuery {
  industries: Set<string>;
  cities: Set<string>;
  states: Set<string>;
  /** Words that are neither an industry nor a place (matched against business names). */
  words: string[];
  /** A location was asked for but names no sandbox city or state: nothing can match. */
  unknownPlace: boolean;
}

export function parseQuery(query: string, location?: string): SiteQuery {
  // "plumbers in Austin": what comes after "in"/"near" is a place, like request.location.
  const [, what = query, where = ''] = /^(.*?)\s+\b(?:in|near|around)\b\s+(.*)$/i.exec(query) ?? [];
  const whereText = [where, location ?? ''].join(' ');
  const placeAsked = words(normalize(whereText)).length > 0;
  const fromWhere = takePlaces(whereText);
  const fromWhat = takePlaces(what || query);
  let rest = fromWhat.rest;
  const industries = new Set<string>();
  for (const { term, key } of TERMS) {
    if (rest.includes(term)) {
      industries.add(key);
      rest = rest.split(term).join(' ');
    }
  }
  const cities = new Set([...fromWhere.cities, ...fromWhat.cities]);
  const states = new Set([...fromWhere.states, ...fromWhat.states]);
  return {
    industries,
    cities,
    states,
    words: words(rest),
    unknownPlace: placeAsked && fromWhere.cities.size === 0 && fromWhere.states.size === 0,
  };
}

/**
 * The sites a query matches, best rated first (then by slug, so the order never changes).
 * A query the sites cannot answer ("roofers in Phoenix", "dog groomers in Smallville") gets
 * businesses generated for it, the same ones every time (see generated/sites.ts).
 */
export function matchSites(sites: readonly SandboxSite[], query: string, location?: string): SandboxSite[] {
  const found = matchCatalogue(sites, query, location);
  return found.length > 0 ? found : generatedMatches(query, location);
}

/** The sites among `sites` a query matches; nothing is generated. */
export function matchCatalogue(sites: readonly SandboxSite[], query: string, location?: string): SandboxSite[] {
  const q = parseQuery(query, location);
  if (q.unknownPlace) return [];
  const hasPlace = q.cities.size > 0 || q.states.size > 0;
  // Unknown words only narrow by business name when no industry was named.
  const byName = q.industries.size === 0 && q.words.length > 0;
  if (q.industries.size === 0 && !byName && !hasPlace) return [];
  const matches = sites.filter((site) => {
    if (q.industries.size > 0 && !q.industries.has(site.industry)) return false;
    if (q.cities.size > 0 ? !q.cities.has(site.city) : q.states.size > 0 && !q.states.has(site.state)) return false;
    if (byName) {
      const name = normalize(site.name);
      return q.words.every((w) => name.includes(` ${w} `));
    }
    return true;
  });
  return matches.sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || a.slug.localeCompare(b.slug));
}
