// What the planner knows: this account's campaign history (one row per campaign that ran)
// and, optionally, the catalogue of industries × cities the search provider can cover.

/** One campaign's outcome, aggregated by the repository. */
export interface CampaignOutcome {
  campaignId: number;
  query: string;
  industry: string | null;
  location: string | null;
  leads: number;
  /** Leads whose website was analysed. */
  analysed: number;
  withEmail: number;
  /** Sum of market_opportunity_score (0-100) over leads that have one, and how many have one. */
  opportunitySum: number;
  scored: number;
  /** Analysed sites without HTTPS / without a mobile layout / without online booking. */
  noHttps: number;
  notMobile: number;
  noBooking: number;
  sent: number;
  opened: number;
  replied: number;
  converted: number;
  /** Most common budget_estimate text among its leads, if any. */
  budget: string | null;
}

export interface HistoryRepo {
  /** Campaigns that were started at least once (not DRAFT), oldest first. */
  outcomes(): Promise<CampaignOutcome[]>;
}

export interface CatalogueIndustry {
  key: string;
  /** Plural label, e.g. "Plumbers". */
  label: string;
  /** Search words, lower case; the first plural one makes the query. */
  terms: readonly string[];
  /** Whether the trade works by appointment (a hint for the pain point, stated as unverified). */
  appointments: boolean;
}

export interface CatalogueCity {
  name: string;
  state: string;
}

/** What the active search provider can cover, with listing counts when it knows them. */
export interface Coverage {
  /** Shown in signals.sources, e.g. "sandbox catalogue". */
  source: string;
  industries: readonly CatalogueIndustry[];
  cities: readonly CatalogueCity[];
  /** Listings for an industry key in a city, when the provider can count them without a paid call. */
  listings(industryKey: string, city: string): number | null;
}

/** Conservative defaults (config/default.json campaigns.suggestion_estimates) used without history. */
export interface EstimateDefaults {
  expectedLeads: number;
  replyRatePercent: number;
  conversionRatePercent: number;
  projectValue: string;
  /** Sends needed before an industry's own reply rate replaces the default. */
  minSendsForRate: number;
}

/** Totals for a group of campaigns (a pair, an industry, a city or everything): the outcome counts summed. */
export interface Tally extends Omit<CampaignOutcome, 'campaignId' | 'query' | 'industry' | 'location' | 'budget'> {
  campaigns: number;
  budgets: string[];
  queries: string[];
}

export const emptyTally = (): Tally => ({
  campaigns: 0, leads: 0, analysed: 0, withEmail: 0, opportunitySum: 0, scored: 0,
  noHttps: 0, notMobile: 0, noBooking: 0, sent: 0, opened: 0, replied: 0, converted: 0, budgets: [], queries: [],
});

export function addOutcome(t: Tally, o: CampaignOutcome): Tally {
  t.campaigns++;
  t.leads += o.leads;
  t.analysed += o.analysed;
  t.withEmail += o.withEmail;
  t.opportunitySum += o.opportunitySum;
  t.scored += o.scored;
  t.noHttps += o.noHttps;
  t.notMobile += o.notMobile;
  t.noBooking += o.noBooking;
  t.sent += o.sent;
  t.opened += o.opened;
  t.replied += o.replied;
  t.converted += o.converted;
  if (o.budget) t.budgets.push(o.budget);
  if (!t.queries.includes(o.query)) t.queries.push(o.query);
  return t;
}

export const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
export const pct = (part: number, whole: number, digits = 1) => (whole > 0 ? Math.round((part / whole) * 100 * 10 ** digits) / 10 ** digits : null);

/** The most frequent entry (first seen wins a tie), or null. */
export function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)!) best = v;
  return best;
}
