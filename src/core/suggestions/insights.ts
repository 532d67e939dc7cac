// The performance-insights block: how many searches this account ran and what its history
// shows, in plain words. Only counted facts; nothing is said about what was not measured.
import type { PlannerInsights } from '../model/suggestion.ts';
import { classify } from './classify.ts';
import { addOutcome, emptyTally, pct, type CampaignOutcome, type Coverage, type Tally } from './history.ts';

/** Sends an industry needs before its reply rate is worth naming as the best. */
const MIN_SENDS_TO_COMPARE = 5;

export function insights(outcomes: readonly CampaignOutcome[], coverage: Coverage | null): PlannerInsights {
  const all = outcomes.reduce((t, o) => addOutcome(t, o), emptyTally());
  if (all.campaigns === 0) {
    return { insights: { total_searches: 0, learnings: 'No campaigns run yet. Suggestions come from the search catalogue and conservative defaults until your first campaign finishes.' } };
  }
  const byIndustry = new Map<string, { label: string; tally: Tally }>();
  for (const o of outcomes) {
    const cell = classify(o, coverage);
    if (!cell) continue;
    const entry = byIndustry.get(cell.industryKey) ?? { label: cell.industryLabel, tally: emptyTally() };
    addOutcome(entry.tally, o);
    byIndustry.set(cell.industryKey, entry);
  }
  const parts = [`From ${all.campaigns} campaign${all.campaigns === 1 ? '' : 's'} and ${all.leads} lead${all.leads === 1 ? '' : 's'}:`];
  if (all.analysed > 0) {
    parts.push(`${pct(all.withEmail, all.analysed, 0)}% of analysed sites had a contact email;`);
    parts.push(`${pct(all.noHttps, all.analysed, 0)}% had no HTTPS and ${pct(all.notMobile, all.analysed, 0)}% no mobile layout.`);
  } else {
    parts.push('no site has been analysed yet.');
  }
  const compared = [...byIndustry.values()].filter((i) => i.tally.sent >= MIN_SENDS_TO_COMPARE);
  if (compared.length > 0) {
    const best = compared.reduce((a, b) => (b.tally.replied / b.tally.sent > a.tally.replied / a.tally.sent ? b : a));
    parts.push(`Best reply rate: ${best.label} (${pct(best.tally.replied, best.tally.sent)}% of ${best.tally.sent} sent).`);
  } else if (all.sent > 0) {
    parts.push(`${all.sent} email${all.sent === 1 ? '' : 's'} sent, ${all.opened} opened, ${all.replied} replied: too few to compare industries yet.`);
  } else {
    parts.push('No emails sent yet, so reply rates are not known.');
  }
  const scored = [...byIndustry.values()].filter((i) => i.tally.scored > 0);
  if (scored.length > 1) {
    const top = scored.reduce((a, b) => (b.tally.opportunitySum / b.tally.scored > a.tally.opportunitySum / a.tally.scored ? b : a));
    parts.push(`Highest average opportunity score: ${top.label} (${Math.round(top.tally.opportunitySum / top.tally.scored)}/100).`);
  }
  return { insights: { total_searches: all.campaigns, learnings: parts.join(' ') } };
}
