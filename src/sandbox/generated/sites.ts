// Businesses generated for a search the catalogue cannot answer. Each one is a full sandbox
// site record derived from its host label alone (see label.ts): the same search gives the
// same businesses in every process and on every machine, whatever the sandbox's seed or size,
// and any sandbox server renders them from the Host header. They are labelled as test data
// like every sandbox site (SANDBOX_LABEL on each page, "generated test data" in listings).
import { INDUSTRIES, industryByKey } from '../catalog/industries.ts';
import { knownCitiesIn, townOf } from '../catalog/us-places.ts';
import { buildSite, FEATURE_WEIGHTS, type Dealt } from '../generate.ts';
import { Lru } from '../lru.ts';
import { createRng } from '../random.ts';
import type { SandboxSite } from '../site.ts';
import { decodeLabel, encodeLabel } from './label.ts';
import { readWanted, SPREAD_CITIES, type Wanted } from './resolve.ts';

const records = new Lru<string, SandboxSite | null>(2048);
const answers = new Lru<string, SandboxSite[]>(64);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function build(label: string): SandboxSite | null {
  const spec = decodeLabel(label);
  if (!spec) return null;
  const industry = industryByKey(spec.trade);
  const city = townOf(spec.city, spec.state);
  const generic = !INDUSTRIES.includes(industry);
  const pick = createRng(`generated/${label}/features`);
  const w = FEATURE_WEIGHTS;
  const dealt: Dealt = {
    // A trade the catalogue does not know has English words only.
    language: generic ? 'en' : pick.weighted(w.language),
    cms: pick.weighted(w.cms),
    presentation: pick.weighted(w.presentation),
    fault: pick.weighted(w.fault),
    robots: pick.weighted(w.robots),
  };
  // Fictional 555-01xx numbers, distinct for the first hundred businesses of one trade in one town.
  const group = label.slice(0, label.lastIndexOf('-'));
  const phones = new Map([[city.areaCode, [(hash(group) + spec.n) % 100]]]);
  return buildSite(createRng(`generated/${label}`), spec.n, { industry, city }, dealt, { taken: new Set(), phones }, label);
}

/** The generated site a host label names ("roofers-in-phoenix-az-3"), or undefined. */
export function generatedSite(label: string): SandboxSite | undefined {
  return records.getOr(label, () => build(label)) ?? undefined;
}

const byListing = (a: SandboxSite, b: SandboxSite) => b.rating - a.rating || b.reviews - a.reviews || a.slug.localeCompare(b.slug);

/** The host labels of the businesses generated for what a search asks for. */
export function labelsFor(wanted: Wanted): string[] {
  const { trades, place } = wanted;
  const key = `${trades.join('+')}|${place?.city ?? ''}|${place?.state ?? ''}`;
  const h = hash(key);
  // A town the sandbox cannot place is small; a known city, a state or a spread is not.
  const count = place?.city && !place.known ? 12 + (h % 19) : 30 + (h % 31);
  const towns = place?.city ? null : place?.state ? knownCitiesIn(place.state) : SPREAD_CITIES;
  const labels: string[] = [];
  for (let n = 1; n <= count; n++) {
    const rng = createRng(`generated/${key}/${n}`);
    const trade = trades.length > 0 ? trades[(n - 1) % trades.length] : rng.pick(INDUSTRIES).key;
    const town = towns && towns.length > 0 ? rng.pick(towns) : townOf(place?.city ?? 'Springfield', place?.state ?? null);
    labels.push(encodeLabel({ trade, city: town.name, state: town.state || null, n }));
  }
  return labels;
}

/**
 * Businesses for a search the catalogue has no answer to, best rated first; empty when the
 * search names neither a trade nor a place.
 */
export function generatedMatches(query: string, location?: string): SandboxSite[] {
  const found = answers.getOr(`${query}\u0000${location ?? ''}`, () => {
    const wanted = readWanted(query, location);
    if (!wanted) return [];
    return labelsFor(wanted)
      .map((label) => generatedSite(label))
      .filter((site): site is SandboxSite => site !== undefined)
      .sort(byListing);
  });
  return [...found];
}
