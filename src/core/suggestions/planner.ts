// The campaign planner: ranks industry × city cells from this account's history and the
// search provider's catalogue, and describes the best N. Pure and deterministic: the same
// history and catalogue always give the same suggestions. No search call is made here.
import type { CampaignSuggestion } from '../model/suggestion.ts';
import { cellKey, cityKey, classify, type Cell } from './classify.ts';
import { describe, type Evidence } from './describe.ts';
import { addOutcome, emptyTally, type CampaignOutcome, type Coverage, type EstimateDefaults, type Tally } from './history.ts';

export interface PlanInput {
  outcomes: readonly CampaignOutcome[];
  coverage: Coverage | null;
  count: number;
  defaults: EstimateDefaults;
}

/** Weights of the opportunity score; an unknown component counts as a neutral 0.5. */
const WEIGHTS = { quality: 0.35, contactable: 0.25, replies: 0.15, untapped: 0.25 } as const;
const NEUTRAL = 0.5;
/** A 10% reply rate scores full marks: cold outreach rarely does better. */
const REPLY_RATE_FOR_FULL_MARKS = 0.1;
/** Spread over the list: at most this many suggestions per industry or city on the first pass. */
const MAX_PER_INDUSTRY = 2;
const MAX_PER_CITY = 2;

interface Tallies {
  cells: Map<string, Tally>;
  industries: Map<string, Tally>;
  cities: Map<string, Tally>;
  all: Tally;
  /** Every cell seen in history, for candidates when there is no catalogue. */
  seen: Cell[];
}

function tally(outcomes: readonly CampaignOutcome[], coverage: Coverage | null): Tallies {
  const t: Tallies = { cells: new Map(), industries: new Map(), cities: new Map(), all: emptyTally(), seen: [] };
  const bump = (map: Map<string, Tally>, key: string, o: CampaignOutcome) => map.set(key, addOutcome(map.get(key) ?? emptyTally(), o));
  for (const o of outcomes) {
    addOutcome(t.all, o);
    const cell = classify(o, coverage);
    if (!cell) continue;
    const key = cellKey(cell.industryKey, cell.city);
    if (!t.cells.has(key)) t.seen.push(cell);
    bump(t.cells, key, o);
    bump(t.industries, cell.industryKey, o);
    bump(t.cities, cityKey(cell.city), o);
  }
  return t;
}

/** Catalogue cells first (every industry × city), then history's cells and their cross product. */
function candidates(t: Tallies, coverage: Coverage | null): Cell[] {
  const out = new Map<string, Cell>();
  for (const i of coverage?.industries ?? []) {
    for (const c of coverage!.cities) out.set(cellKey(i.key, c.name), { industryKey: i.key, industryLabel: i.label, city: c.name, location: `${c.name}, ${c.state}` });
  }
  for (const a of t.seen) {
    for (const b of t.seen) {
      const key = cellKey(a.industryKey, b.city);
      if (!out.has(key)) out.set(key, { industryKey: a.industryKey, industryLabel: a.industryLabel, city: b.city, location: b.location });
    }
  }
  return [...out.values()];
}

interface Scored {
  cell: Cell;
  evidence: Evidence;
  score: number;
}

function evidenceFor(cell: Cell, t: Tallies, coverage: Coverage | null, defaults: EstimateDefaults): Evidence {
  const known = coverage?.industries.find((i) => i.key === cell.industryKey) ?? null;
  const inCatalogue = known !== null && coverage!.cities.some((c) => c.name === cell.city);
  return {
    cell,
    industry: known,
    pair: t.cells.get(cellKey(cell.industryKey, cell.city)) ?? emptyTally(),
    byIndustry: t.industries.get(cell.industryKey) ?? emptyTally(),
    byCity: t.cities.get(cityKey(cell.city)) ?? emptyTally(),
    all: t.all,
    listings: inCatalogue ? coverage!.listings(cell.industryKey, cell.city) : null,
    coverageSource: inCatalogue ? coverage!.source : null,
    defaults,
  };
}

/** Listings not yet found by your campaigns (leads are unique per website, so a repeat finds nothing new). */
export const remainingListings = (e: Evidence) => (e.listings === null ? null : Math.max(0, e.listings - e.pair.leads));

function score(e: Evidence, maxRemaining: number): number {
  const i = e.byIndustry;
  const quality = i.scored ? i.opportunitySum / i.scored / 100 : null;
  const contactable = i.analysed ? i.withEmail / i.analysed : null;
  const replies = i.sent >= e.defaults.minSendsForRate ? Math.min(1, i.replied / i.sent / REPLY_RATE_FOR_FULL_MARKS) : null;
  const remaining = remainingListings(e);
  // Without a catalogue count (only untried cells get here) how much is left is unknown.
  const untapped = remaining !== null ? (maxRemaining > 0 ? remaining / maxRemaining : 0) : NEUTRAL;
  const parts: [number | null, number][] = [
    [quality, WEIGHTS.quality],
    [contactable, WEIGHTS.contactable],
    [replies, WEIGHTS.replies],
    [untapped, WEIGHTS.untapped],
  ];
  const total = parts.reduce((sum, [value, weight]) => sum + (value ?? NEUTRAL) * weight, 0);
  return Math.round(Math.min(1, Math.max(0, total)) * 100) / 100;
}

/** Best first; ties broken by listings, then alphabetically, so the order never wobbles. */
function compare(a: Scored, b: Scored): number {
  return (
    b.score - a.score ||
    (remainingListings(b.evidence) ?? -1) - (remainingListings(a.evidence) ?? -1) ||
    a.cell.industryKey.localeCompare(b.cell.industryKey) ||
    a.cell.city.localeCompare(b.cell.city)
  );
}

/** Takes the best N, spreading them over industries and cities before repeating any. */
function pick(ranked: Scored[], count: number): Scored[] {
  const chosen: Scored[] = [];
  const perIndustry = new Map<string, number>();
  const perCity = new Map<string, number>();
  for (const s of ranked) {
    if (chosen.length === count) break;
    if ((perIndustry.get(s.cell.industryKey) ?? 0) >= MAX_PER_INDUSTRY || (perCity.get(cityKey(s.cell.city)) ?? 0) >= MAX_PER_CITY) continue;
    chosen.push(s);
    perIndustry.set(s.cell.industryKey, (perIndustry.get(s.cell.industryKey) ?? 0) + 1);
    perCity.set(cityKey(s.cell.city), (perCity.get(cityKey(s.cell.city)) ?? 0) + 1);
  }
  for (const s of ranked) if (chosen.length < count && !chosen.includes(s)) chosen.push(s);
  return chosen.sort(compare);
}

export function plan({ outcomes, coverage, count, defaults }: PlanInput): CampaignSuggestion[] {
  const t = tally(outcomes, coverage);
  const all = candidates(t, coverage).map((cell) => evidenceFor(cell, t, coverage, defaults));
  // A cell whose every listing is already a lead would only find duplicates: leave it out. Without
  // a listing count, a searched cell is left out too: the same query returns the same businesses.
  const open = all.filter((e) => (e.listings === null ? e.pair.campaigns === 0 : remainingListings(e)! > 0));
  const maxRemaining = Math.max(0, ...open.map((e) => remainingListings(e) ?? 0));
  const ranked = open.map((evidence) => ({ cell: evidence.cell, evidence, score: score(evidence, maxRemaining) })).sort(compare);
  return pick(ranked, count).map((s) => describe(s.evidence, s.score));
}
