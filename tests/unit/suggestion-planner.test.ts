// The campaign planner: deterministic from a fixed history and catalogue, within bounds,
// and honest about where each figure comes from.
import { describe, expect, it } from 'vitest';
import type { CampaignOutcome, Coverage, EstimateDefaults } from '../../src/core/suggestions/history.ts';
import { insights } from '../../src/core/suggestions/insights.ts';
import { plan } from '../../src/core/suggestions/planner.ts';

const defaults: EstimateDefaults = { expectedLeads: 50, replyRatePercent: 1, conversionRatePercent: 0.2, projectValue: '$1,500-$5,000 (default)', minSendsForRate: 20 };

const LISTINGS: Record<string, number> = { 'plumbers|Austin': 8, 'plumbers|Denver': 6, 'dentists|Austin': 4, 'dentists|Denver': 9, 'florists|Austin': 2, 'florists|Denver': 0 };
const coverage: Coverage = {
  source: 'sandbox catalogue',
  industries: [
    { key: 'plumbers', label: 'Plumbers', terms: ['plumber', 'plumbers', 'plumbing'], appointments: false },
    { key: 'dentists', label: 'Dentists', terms: ['dentist', 'dentists', 'dental'], appointments: true },
    { key: 'florists', label: 'Florists', terms: ['florist', 'florists'], appointments: false },
  ],
  cities: [{ name: 'Austin', state: 'TX' }, { name: 'Denver', state: 'CO' }],
  listings: (i, c) => LISTINGS[`${i}|${c}`] ?? 0,
};

const outcome = (o: Partial<CampaignOutcome>): CampaignOutcome => ({
  campaignId: 1, query: 'plumbers in Austin', industry: null, location: null, leads: 0, analysed: 0, withEmail: 0, opportunitySum: 0, scored: 0,
  noHttps: 0, notMobile: 0, noBooking: 0, sent: 0, opened: 0, replied: 0, converted: 0, budget: null, ...o,
});

const history = [
  outcome({ campaignId: 1, query: 'plumbers in Austin', leads: 8, analysed: 8, withEmail: 6, opportunitySum: 8 * 80, scored: 8, noHttps: 5, notMobile: 2, sent: 30, opened: 12, replied: 3, converted: 1, budget: '$2k-$5k' }),
  outcome({ campaignId: 2, query: 'Dentists', industry: 'dentists', location: 'Denver, CO', leads: 3, analysed: 3, withEmail: 1, opportunitySum: 3 * 40, scored: 3, notMobile: 1 }),
];

describe('the campaign planner', () => {
  it('gives the same answer for the same history and catalogue', () => {
    const a = plan({ outcomes: history, coverage, count: 3, defaults });
    const b = plan({ outcomes: [...history], coverage, count: 3, defaults });
    expect(a).toEqual(b);
    expect(a).toHaveLength(3);
  });

  it('leaves out cells with nothing new to find and ranks proven industries first', () => {
    const all = plan({ outcomes: history, coverage, count: 10, defaults });
    const queries = all.map((s) => s.query);
    // plumbers in Austin: all 8 listings are leads already; florists in Denver: no listing.
    expect(queries).not.toContain('plumbers in Austin');
    expect(queries).not.toContain('florists in Denver');
    expect(all).toHaveLength(4);
    expect(all[0].query).toBe('plumbers in Denver');
    expect(all[0].priority).toBe('high');
    for (const s of all) {
      expect(s.signals.opportunity_score).toBeGreaterThanOrEqual(0);
      expect(s.signals.opportunity_score).toBeLessThanOrEqual(1);
    }
  });

  it('derives figures from history and names its sources', () => {
    const [denver] = plan({ outcomes: history, coverage, count: 1, defaults });
    expect(denver).toMatchObject({
      name: 'Plumbers in Denver',
      location: 'Denver, CO',
      expected_leads: 6,
      expected_reply_rate: 10, // 3 of 30 sent to plumbers
      expected_conversion_rate: 3.3,
      estimated_project_value: '$2k-$5k',
    });
    expect(denver.target_pain_point).toBe('63% of the plumbers sites you analysed have no HTTPS (5 of 8)');
    expect(denver.signals.sources).toEqual(['your campaign history', 'sandbox catalogue']);
    expect(denver.signals.search_volume).toBe(6);
    expect(denver.signals.competing_keywords).toEqual(['Dentists']);
  });

  it('falls back to labelled defaults without history, and to nothing without a catalogue', () => {
    const fresh = plan({ outcomes: [], coverage, count: 5, defaults });
    expect(fresh).toHaveLength(5);
    for (const s of fresh) {
      expect(s.signals.sources).toEqual(['sandbox catalogue', 'conservative defaults']);
      expect(s.expected_reply_rate).toBe(1);
      expect(s.estimated_project_value).toBe(defaults.projectValue);
    }
    expect(plan({ outcomes: [], coverage: null, count: 5, defaults })).toEqual([]);
    // History alone: its industries crossed with its cities, minus what was already searched.
    const fromHistory = plan({ outcomes: history, coverage: null, count: 5, defaults }).map((s) => s.query);
    expect(fromHistory.sort()).toEqual(['dentists in Austin', 'plumbers in Denver'].sort());
  });

  it('spreads the suggestions over industries and cities', () => {
    const three = plan({ outcomes: [], coverage, count: 3, defaults });
    const perIndustry = new Map<string, number>();
    for (const s of three) perIndustry.set(s.industry, (perIndustry.get(s.industry) ?? 0) + 1);
    expect(Math.max(...perIndustry.values())).toBeLessThanOrEqual(2);
  });

  it('summarises history as insights', () => {
    expect(insights([], coverage).insights.total_searches).toBe(0);
    const { insights: i } = insights(history, coverage);
    expect(i.total_searches).toBe(2);
    expect(i.learnings).toBe(
      'From 2 campaigns and 11 leads: 64% of analysed sites had a contact email; 45% had no HTTPS and 27% no mobile layout. Best reply rate: Plumbers (10% of 30 sent). Highest average opportunity score: Plumbers (80/100).',
    );
  });
});
