// Puts each past campaign in an industry × city cell, so history and catalogue line up.
// Campaigns often leave industry/location empty: then the query ("plumbers in Austin") tells.
import type { CampaignOutcome, CatalogueCity, CatalogueIndustry, Coverage } from './history.ts';

export interface Cell {
  industryKey: string;
  industryLabel: string;
  city: string;
  /** "Austin, TX" when the catalogue knows the state, else what the campaign said. */
  location: string;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const title = (s: string) => s.replace(/\b\w/g, (ch) => ch.toUpperCase());

function splitQuery(query: string): { what: string; where: string | null } {
  const m = query.match(/^(.*?)\s+(?:in|near|around)\s+(.+)$/i);
  return m ? { what: m[1], where: m[2] } : { what: query, where: null };
}

function findIndustry(text: string, industries: readonly CatalogueIndustry[]): CatalogueIndustry | null {
  const t = norm(text);
  for (const i of industries) if (norm(i.label) === t || i.key === t || i.terms.includes(t)) return i;
  for (const i of industries) if (i.terms.some((term) => t.includes(term))) return i;
  return null;
}

function findCity(text: string, cities: readonly CatalogueCity[]): CatalogueCity | null {
  const t = norm(text.split(',')[0]);
  return cities.find((c) => norm(c.name) === t) ?? null;
}

export function classify(o: CampaignOutcome, coverage: Coverage | null): Cell | null {
  const { what, where } = splitQuery(o.query);
  const industryText = o.industry?.trim() || what;
  const cityText = o.location?.trim() || where;
  if (!industryText || !cityText) return null;
  const industry = findIndustry(industryText, coverage?.industries ?? []) ?? findIndustry(what, coverage?.industries ?? []);
  const city = findCity(cityText, coverage?.cities ?? []);
  const cityName = city?.name ?? title(norm(cityText.split(',')[0]));
  return {
    industryKey: industry?.key ?? norm(industryText),
    industryLabel: industry?.label ?? title(norm(industryText)),
    city: cityName,
    location: city ? `${city.name}, ${city.state}` : cityText.trim(),
  };
}

export const cellKey = (industryKey: string, city: string) => `${industryKey}|${norm(city)}`;
export const cityKey = (city: string) => norm(city);
