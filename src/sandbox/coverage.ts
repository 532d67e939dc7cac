// The sandbox web as a search catalogue for the campaign planner: which industries and cities
// it covers and how many listings each pair has. Counted from the same deterministic
// generator the sandbox serves, so no server is started and no search is spent.
import type { Coverage } from '../core/suggestions/history.ts';
import { SOURCE_SANDBOX } from '../core/model/suggestion.ts';
import { INDUSTRIES } from './catalog/industries.ts';
import { CITIES } from './catalog/places.ts';
import { generateSites } from './generate.ts';

export function sandboxCoverage(options: { seed: string; sites: number }): Coverage {
  let counts: Map<string, number> | undefined;
  const tally = () => {
    if (counts) return counts;
    counts = new Map();
    for (const site of generateSites({ seed: options.seed, count: options.sites })) {
      const key = `${site.industry}|${site.city}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  return {
    source: SOURCE_SANDBOX,
    industries: INDUSTRIES.map((i) => ({ key: i.key, label: i.label, terms: i.terms, appointments: i.booking === 'appointments' })),
    cities: CITIES.map((c) => ({ name: c.name, state: c.state })),
    listings: (industryKey, city) => tally().get(`${industryKey}|${city}`) ?? 0,
  };
}
