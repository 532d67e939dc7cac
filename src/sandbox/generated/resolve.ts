// Reading a search the catalogue cannot answer as a trade and a place to generate businesses
// for: "roofers in Phoenix" → roofers × Phoenix, AZ; "dog groomers in Smallville" → a generic
// "dog groomer" × Smallville (no state); "roofing Phoenix AZ", "dental", "businesses in Reno".
import { INDUSTRIES } from '../catalog/industries.ts';
import { CITIES, type City } from '../catalog/places.ts';
import { singular } from '../catalog/trades.ts';
import { knownCity, knownCityAtEnd, placeKey, stateCode } from '../catalog/us-places.ts';
import { MAX_TOWN, MAX_TRADE, titleCase } from './label.ts';

/** More words for the catalogue's trades, read only when a search finds nothing. */
const MORE_TERMS: Record<string, readonly string[]> = {
  plumbers: ['plumb', 'drain', 'drains', 'pipe repair', 'water heater', 'water heaters', 'sewer'],
  dentists: ['teeth', 'tooth', 'dental office', 'orthodontics', 'endodontist', 'periodontist'],
  electricians: ['electric', 'wiring', 'electrical contracting', 'electrical repair'],
  roofers: ['roof', 'roofs', 'reroofing', 'roof replacement'],
  bakeries: ['cake', 'cakes', 'cupcake', 'cupcakes', 'pastry', 'pastries', 'patisserie', 'bread'],
  florists: ['floral', 'floral design', 'flower'],
  'law-firms': ['law office', 'law offices', 'legal', 'solicitor', 'solicitors', 'law'],
  accountants: ['tax', 'taxes', 'tax advisor', 'tax preparer', 'bookkeepers', 'accounting firm', 'payroll'],
  'auto-repair': ['auto', 'automotive', 'car mechanic', 'auto mechanic', 'car service', 'auto body', 'body shop', 'brake repair'],
  'hair-salons': ['barbers', 'barbershop', 'barber shop', 'hair', 'haircut', 'haircuts', 'stylist', 'stylists', 'beauty salon'],
  restaurants: ['dining', 'eateries', 'bistros', 'steakhouse', 'grill', 'brasserie', 'trattoria'],
  landscapers: ['lawn', 'lawns', 'lawn mowing', 'lawn service', 'gardening', 'yard work', 'landscape design'],
  veterinarians: ['veterinary clinic', 'animal clinic', 'pet hospital', 'vet clinic', 'veterinary hospital'],
  'yoga-studios': ['yoga teacher', 'yoga teachers', 'pilates studio', 'yoga school'],
  hvac: ['heating', 'cooling', 'air conditioner', 'air conditioners', 'furnace', 'furnaces', 'heat pump', 'heat pumps'],
  photographers: ['photo', 'photos', 'photography studio', 'portrait studio', 'headshots', 'portraits'],
};

// Longest first, so "auto body" wins over "auto".
const TERMS = INDUSTRIES.flatMap((i) => [...i.terms, ...(MORE_TERMS[i.key] ?? [])].map((t) => ({ term: ` ${placeKey(t)} `, key: i.key })))
  .sort((a, b) => b.term.length - a.term.length);

/** Words that say nothing about the trade. */
const FILLER = new Set(['best', 'top', 'local', 'the', 'a', 'an', 'my', 'near', 'me', 'nearby', 'around', 'cheap', 'good', 'affordable', 'find', 'of', 'for', 'and', 'or', 'in', 'rated', 'reviewed', 'small', 'independent']);
/** Words that name no trade on their own ("businesses in Reno", "shops in Boise"). */
const NO_TRADE = new Set(['business', 'businesses', 'company', 'companies', 'firm', 'firms', 'service', 'services', 'shop', 'shops', 'store', 'stores', 'place', 'places', 'provider', 'providers', 'llc', 'inc', 'co']);
/** Dropped from the end of a trade: "pool cleaning companies" is "pool cleaning". */
const TRAILING = new Set(['business', 'businesses', 'company', 'companies', 'provider', 'providers', 'llc', 'inc', 'co']);
const PLACE_FILLER = new Set(['downtown', 'greater', 'metro', 'area', 'near', 'me', 'around', 'the']);
const COUNTRY = new Set(['usa', 'us', 'u s', 'u s a', 'united states', 'united states of america', 'america']);

export interface Place {
  /** The town as it will show, or null when only a state was named. */
  city: string | null;
  state: string | null;
  /** A city the sandbox knows (it has a state, an area code and a ZIP prefix). */
  known: boolean;
}

export interface Wanted {
  /** Industry keys or generic trade keys; empty: any catalogue trade. */
  trades: string[];
  place: Place | null;
}

const wordsOf = (text: string) => placeKey(text).split(' ').filter(Boolean);

/** "Phoenix", "phoenix az", "Portland, ME", "Salt Lake City, Utah", "Texas", "Paris, France". */
export function readPlace(raw: string): Place | null {
  const [head = '', ...tail] = raw.split(/[,;/]/);
  // Filler like "near me" only in the town part: after a comma, "ME" is Maine.
  let first = wordsOf(head).filter((w) => !PLACE_FILLER.has(w));
  let state = tail.map((part) => stateCode(part)).find(Boolean) ?? null;
  if (first.length === 0 || COUNTRY.has(first.join(' '))) return state ? { city: null, state, known: false } : null;
  if (!state && !knownCity(first.join(' '))) {
    // A state at the end of the town ("phoenix az", "las cruces new mexico") or alone ("Texas").
    for (const n of [2, 1]) {
      const code = first.length >= n ? stateCode(first.slice(-n).join(' ')) : undefined;
      if (code) {
        state = code;
        first = first.slice(0, -n);
        break;
      }
    }
  }
  if (first.length === 0) return state ? { city: null, state, known: false } : null;
  const known = knownCity(first.join(' '), state);
  if (known) return { city: known.name, state: known.state, known: true };
  return { city: fitTown(first), state, known: false };
}

function fitTown(words: string[]): string {
  const kept = [...words];
  while (kept.length > 1 && kept.join('-').length > MAX_TOWN) kept.pop();
  return titleCase(kept.join(' ').slice(0, MAX_TOWN));
}

/** Trades named in the words: catalogue industries (also in the singular), else the words themselves. */
export function readTrades(words: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of [` ${words.join(' ')} `, ` ${words.map(singular).join(' ')} `]) {
    let rest = text;
    for (const { term, key } of TERMS) {
      if (!rest.includes(term)) continue;
      if (!found.includes(key)) found.push(key);
      rest = rest.split(term).join(' ');
    }
  }
  // In catalogue order: "plumbers and electricians" and "electricians and plumbers" are one search.
  if (found.length > 0) return INDUSTRIES.map((i) => i.key).filter((key) => found.includes(key));
  const trade = words.filter((w) => !FILLER.has(w));
  if (trade.every((w) => NO_TRADE.has(w))) return [];
  while (TRAILING.has(trade[trade.length - 1])) trade.pop();
  trade[trade.length - 1] = singular(trade[trade.length - 1]);
  while (trade.length > 1 && trade.join('-').length > MAX_TRADE) trade.shift(); // the head noun is last
  return [trade.join('-').slice(0, MAX_TRADE).replace(/-+$/, '')];
}

/** The place at the end of a query without "in" ("dog groomers phoenix az"), and the words before it. */
function placeAtEnd(raw: string): { place: Place | null; rest: string[] } {
  const words = wordsOf(raw);
  let rest = words;
  let state: string | null = null;
  const tokens = raw.trim().split(/[\s,]+/);
  const lastToken = tokens[tokens.length - 1] ?? '';
  for (const n of [2, 1]) {
    if (rest.length <= n) continue;
    const tail = rest.slice(-n).join(' ');
    // A two-letter code counts only in capitals ("AZ"): "me", "or" and "in" are words too.
    const code = n === 1 && tail.length === 2 ? (/^[A-Z]{2}$/.test(lastToken) ? stateCode(tail) : undefined) : stateCode(tail);
    if (code) {
      state = code;
      rest = rest.slice(0, -n);
      break;
    }
  }
  const atEnd = knownCityAtEnd(rest);
  if (atEnd) {
    const city = state ? (knownCity(atEnd.city.name, state) ?? atEnd.city) : atEnd.city;
    return { place: { city: city.name, state: state ?? city.state, known: true }, rest: rest.slice(0, -atEnd.words) };
  }
  // A city before the trade only when it is a sandbox city ("Austin dog groomers"): "Mobile notary" is a trade.
  const atStart = CITIES.find((c) => {
    const name = wordsOf(c.name);
    return rest.length > name.length && name.every((w, i) => rest[i] === w);
  });
  if (atStart && !state) return { place: { city: atStart.name, state: atStart.state, known: true }, rest: rest.slice(wordsOf(atStart.name).length) };
  return { place: state ? { city: null, state, known: false } : null, rest };
}

/** What to generate for a search, or null when it names neither a trade nor a place. */
export function readWanted(query: string, location?: string): Wanted | null {
  const [, what = query, where = ''] = /^(.*?)\s+\b(?:in|near|around)\b\s+(.*)$/i.exec(query) ?? [];
  const fromWhere = readPlace(where);
  const fromLocation = readPlace(location ?? '');
  let place: Place | null = fromWhere ?? fromLocation;
  if (place && !place.state && fromWhere && fromLocation?.state) {
    // "plumbers in Springfield" with location "IL".
    const known = place.city ? knownCity(place.city, fromLocation.state) : undefined;
    place = known ? { city: known.name, state: known.state, known: true } : { ...place, state: fromLocation.state };
  }
  let words = wordsOf(what);
  if (!place) ({ place, rest: words } = placeAtEnd(what));
  const trades = readTrades(words);
  if (trades.length === 0 && !place) return null;
  return { trades, place };
}

/** Catalogue cities to spread a trade over when no place was named. */
export const SPREAD_CITIES: readonly City[] = CITIES;
