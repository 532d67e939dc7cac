// The host label of a site generated for a search: it spells the trade, the town, the state
// (when known) and the site's rank, e.g. "roofers-in-phoenix-az-3" or "dog-groomer-in-smallville-1".
// Everything about the site derives from this label, so any sandbox server (another process,
// another machine) can render it from its Host header alone. Catalogue slugs never carry a
// hyphen, so the two never collide. A label is valid only in its canonical spelling.
import { placeKey, townOf, US_STATES } from '../catalog/us-places.ts';

export interface GeneratedSpec {
  /** Catalogue industry key ("roofers") or generic trade key ("dog-groomer"). */
  trade: string;
  /** Display name of the town ("Phoenix", "Smallville"). */
  city: string;
  /** Two-letter US state, or null for a town the sandbox cannot place. */
  state: string | null;
  /** Rank within the query's businesses, from 1. */
  n: number;
}

/** Room in a 63-character DNS label for the trade and the town: 28 + "-in-" + 24 + "-az" + "-60". */
export const MAX_TRADE = 28;
export const MAX_TOWN = 24;
export const MAX_RANK = 99;

const TOKEN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LABEL = /^([a-z0-9]+(?:-[a-z0-9]+)*?)-in-([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9][0-9]?)$/;

export const townToken = (city: string) => placeKey(city).replace(/ /g, '-');

export function encodeLabel(spec: GeneratedSpec): string {
  const town = townToken(spec.city);
  const ok =
    TOKEN.test(spec.trade) && spec.trade.length <= MAX_TRADE && TOKEN.test(town) && town.length <= MAX_TOWN &&
    Number.isInteger(spec.n) && spec.n >= 1 && spec.n <= MAX_RANK && (spec.state === null || US_STATES[spec.state] !== undefined);
  if (!ok) throw new Error(`not a generated sandbox site: ${JSON.stringify(spec)}`);
  return `${spec.trade}-in-${town}${spec.state ? `-${spec.state.toLowerCase()}` : ''}-${spec.n}`;
}

/** The spec a label spells, or null when it is not a canonical generated-site label. */
export function decodeLabel(label: string): GeneratedSpec | null {
  if (label.length > 63) return null;
  const m = LABEL.exec(label);
  if (!m) return null;
  const [, trade, place, rank] = m;
  const words = place.split('-');
  const last = words[words.length - 1].toUpperCase();
  const state = words.length > 1 && last.length === 2 && US_STATES[last] ? last : null;
  const town = (state ? words.slice(0, -1) : words).join(' ');
  // A known city is spelled as the catalogue spells it and always carries its state.
  const known = townOf(titleCase(town), state);
  const spec: GeneratedSpec = { trade, city: known.name, state: known.state || null, n: Number(rank) };
  try {
    return encodeLabel(spec) === label ? spec : null;
  } catch {
    return null;
  }
}

export const titleCase = (text: string) => text.replace(/(^|\s)([a-z])/g, (_, space: string, c: string) => space + c.toUpperCase());
