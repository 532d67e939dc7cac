// Which clock a recipient reads mail on: THE rule that gives a lead its time zone, with the
// evidence it came from (stored as leads.timezone + leads.timezone_source). In order:
//   1. the lead's address as the analyser read it ("…, Denver, CO 80202", "…, 10115 Berlin, Germany");
//   2. the lead's city / state / country from the analysis;
//   3. the campaign's location ("Austin, TX") — the campaign's time zone;
//   4. unknown (null): the sending code then uses the server's zone (see zoneOrServer).
// Truthful: a place names a zone only when every zone it could be in keeps the same clock.
// A country or state with several clocks and no known city (the United States, Texas) is not
// a zone, and a zone an AI merely asserted, with no place to check it against, is not evidence.
import { createRequire } from 'node:module';
import { getAllCountries, getCountry, getTimezone } from 'countries-and-timezones';
import { isTimeZone } from './windows.ts';

export interface ZoneClues {
  /** The lead's address as the analyser read it from the site. */
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  /** The campaign's location, as the operator typed it. */
  campaignLocation?: string | null;
}

export interface RecipientZone {
  /** An IANA zone, or null when nothing names one (the server's zone is used then). */
  timezone: string | null;
  /** Where it came from, for people: "analysis: address 'Denver, CO 80202'". */
  source: string;
}

interface Place {
  city?: string;
  /** US state code or a province/state name. */
  state?: string;
  /** ISO 3166 alpha-2. */
  country?: string;
}

type Found = { zone: string } | { why: string } | undefined;

interface CityRow {
  city: string;
  city_ascii: string;
  iso2: string;
  province: string;
  state_ansi?: string;
  timezone: string;
  pop: number;
}

// The city list (7,300 cities, 2 MB) loads on first use, not when the CLI starts.
let cityRows: CityRow[] | undefined;
const cities = (): CityRow[] => (cityRows ??= (createRequire(import.meta.url)('city-timezones') as { cityMapping: CityRow[] }).cityMapping);

let usStates: Map<string, string> | undefined;
const stateNames = new Map<string, string>();
/** The US state code of a code or a name ("co", "Colorado" → "CO"). */
function usState(text: string): string | undefined {
  if (!usStates) {
    usStates = new Map();
    for (const c of cities()) {
      if (c.iso2 !== 'US' || !c.state_ansi) continue;
      usStates.set(c.state_ansi.toLowerCase(), c.state_ansi);
      usStates.set(c.province.toLowerCase(), c.state_ansi);
      stateNames.set(c.state_ansi, c.province);
    }
  }
  return usStates.get(text.trim().toLowerCase());
}

const COUNTRY_ALIASES: Record<string, string> = { 'united states': 'US', us: 'US', usa: 'US', 'u.s.': 'US', 'u.s.a.': 'US', 'united states of america': 'US', america: 'US', uk: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', deutschland: 'DE', españa: 'ES', espana: 'ES' };
let countryNames: Map<string, string> | undefined;
/** ISO code of a country written as a name, an alias or (when `codes`) a two-letter code. */
function countryCode(text: string, codes: boolean): string | undefined {
  const key = text.trim().toLowerCase();
  if (!key) return undefined;
  if (!countryNames) {
    countryNames = new Map(Object.values(getAllCountries()).map((c) => [c.name.toLowerCase(), c.id]));
    for (const [alias, id] of Object.entries(COUNTRY_ALIASES)) countryNames.set(alias, id);
  }
  if (countryNames.has(key)) return countryNames.get(key);
  if (codes && /^[a-z]{2}$/.test(key) && getCountry(key.toUpperCase())) return key.toUpperCase();
  return undefined;
}

/** Zones keep the same clock when their standard and summer offsets agree. */
const clockOf = (zone: string) => {
  const tz = getTimezone(zone);
  return tz ? `${tz.utcOffset}/${tz.dstOffset}` : zone;
};

/** The one clock of these zones (the first zone names it), or undefined when they disagree. */
function oneClock(zones: string[]): string | undefined {
  const clocks = new Set(zones.map(clockOf));
  return zones.length > 0 && clocks.size === 1 ? zones[0] : undefined;
}

function cityZone(p: Place): Found {
  const name = p.city!.toLowerCase();
  let rows = cities().filter((c) => c.city.toLowerCase() === name || c.city_ascii.toLowerCase() === name);
  if (p.country) rows = rows.filter((c) => c.iso2 === p.country);
  if (p.state) {
    const state = p.state.toLowerCase();
    rows = rows.filter((c) => c.state_ansi?.toLowerCase() === state || c.province.toLowerCase() === state);
  }
  if (rows.length === 0) return undefined;
  rows.sort((a, b) => b.pop - a.pop);
  const zone = oneClock(rows.map((r) => r.timezone));
  return zone ? { zone } : { why: `'${p.city}' is the name of places in several time zones` };
}

function stateZone(p: Place): Found {
  const rows = cities().filter((c) => c.iso2 === 'US' && c.state_ansi === p.state);
  if (rows.length === 0) return undefined;
  rows.sort((a, b) => b.pop - a.pop);
  const zone = oneClock(rows.map((r) => r.timezone));
  return zone ? { zone } : { why: `${stateNames.get(p.state!) ?? p.state} spans several time zones` };
}

function countryZone(p: Place): Found {
  const country = getCountry(p.country!);
  if (!country) return undefined;
  const zone = oneClock(country.timezones);
  return zone ? { zone } : { why: `${country.name} spans several time zones` };
}

/** The zone of a place: its city when known, else its (US) state, else its country. */
function placeZone(p: Place): Found {
  let why: string | undefined;
  for (const step of [p.city && cityZone, p.state && p.country === 'US' && stateZone, p.country && countryZone]) {
    if (!step) continue;
    const found = step(p);
    if (found && 'zone' in found) return found;
    why ??= found?.why;
  }
  return why ? { why } : undefined;
}

/** "Austin, TX", "Denver, Colorado, USA", "Berlin, Germany", "Germany", "Denver" → a place. */
export function parseLocation(text: string): Place | undefined {
  const parts = text.split(',').map((p) => p.replace(/\b\d[\d -]{2,}\d\b|\b\d{4,}\b/g, '').trim()).filter(Boolean);
  if (parts.length === 0) return undefined;
  const last = parts[parts.length - 1];
  // A two-letter last part is a US state before it is a country ("Denver, CO" is Colorado).
  const state = parts.length >= 2 ? usState(last.replace(/\s+\d.*$/, '')) : undefined;
  if (state) return { city: parts[parts.length - 2], state, country: 'US' };
  const country = countryCode(last, parts.length >= 2);
  if (country) {
    if (parts.length === 1) return { country };
    const middle = parts[parts.length - 2];
    const usMiddle = country === 'US' ? usState(middle) : undefined;
    if (usMiddle) return { city: parts.length >= 3 ? parts[parts.length - 3] : undefined, state: usMiddle, country };
    return { city: middle, country };
  }
  if (parts.length === 1) return { city: last };
  return { city: parts[parts.length - 2], state: last };
}

/** A US street address: "… , Denver, CO 80202". */
const US_ADDRESS = /(?:^|,)\s*([A-Za-z .'-]{2,40}?),?\s+([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/;

function addressPlace(address: string): Place | undefined {
  const us = US_ADDRESS.exec(address);
  const state = us && usState(us[2]);
  if (us && state) return { city: us[1].trim(), state, country: 'US' };
  // Elsewhere: the last parts name the city and the country ("Hauptstr. 1, 10115 Berlin, Germany").
  const place = parseLocation(address);
  return place?.country ? place : undefined;
}

const quoted = (text: string) => `'${text.replace(/\s+/g, ' ').trim().slice(0, 80)}'`;
const same = (a?: string, b?: string) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** THE time zone rule: a lead's zone and the evidence for it (see the top of this file). */
export function recipientZone(clues: ZoneClues): RecipientZone {
  const doubts: string[] = [];
  const campaign = clues.campaignLocation?.trim() ? parseLocation(clues.campaignLocation) : undefined;

  const address = clues.address?.trim() ? addressPlace(clues.address) : undefined;
  if (address) {
    const found = placeZone(address);
    if (found && 'zone' in found) return { timezone: found.zone, source: `analysis: address ${quoted(clues.address!)}` };
    if (found) doubts.push(`the address: ${found.why}`);
  }

  const country = clues.country?.trim() ? countryCode(clues.country, true) : undefined;
  const state = clues.state?.trim() ? (country === undefined || country === 'US' ? (usState(clues.state) ?? clues.state.trim()) : clues.state.trim()) : undefined;
  const lead: Place = { city: clues.city?.trim() || undefined, state, country: country ?? (state && usState(state) ? 'US' : undefined) };
  if (lead.city || lead.state || lead.country) {
    const found = placeZone(lead);
    const said = [clues.city, clues.state, clues.country].filter((p) => p?.trim()).join(', ');
    // The heuristic analyser fills city and state from the campaign's location when the site names none: say so.
    const fromCampaign = campaign && same(lead.city, campaign.city) && same(lead.state, campaign.state) && !address;
    if (found && 'zone' in found) {
      return { timezone: found.zone, source: fromCampaign ? `campaign location ${quoted(clues.campaignLocation!)}` : `analysis: ${lead.city ? 'city' : 'country'} ${quoted(said)}` };
    }
    if (found) doubts.push(found.why);
  }

  if (campaign) {
    const found = placeZone(campaign);
    if (found && 'zone' in found) {
      const because = doubts.length ? ` (${doubts.join('; ')})` : '';
      return { timezone: found.zone, source: `campaign location ${quoted(clues.campaignLocation!)}${because}` };
    }
    if (found) doubts.push(`the campaign location: ${found.why}`);
  }

  const because = doubts.length ? doubts.join('; ') : 'no address, city or country on the lead or the campaign';
  return { timezone: null, source: `unknown (${because}): the server's time zone is used` };
}

/** What a stored zone rests on, for people: its recorded evidence, or why the server's zone is used. */
export function zoneEvidence(timezone: string | null, source: string | null): string {
  if (timezone && isTimeZone(timezone)) return source ?? 'analysis';
  if (timezone) return `unknown ('${timezone}' is not a time zone): the server's time zone is used`;
  return source ?? "unknown (not analysed yet): the server's time zone is used";
}
