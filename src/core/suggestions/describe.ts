// Turns the evidence behind one industry × city cell into a suggestion. Every figure is
// either counted from history or the catalogue, or a default named as such in the text.
import { plural } from '../plural.ts';
import { SOURCE_DEFAULTS, SOURCE_HISTORY, type CampaignSuggestion } from '../model/suggestion.ts';
import type { Cell } from './classify.ts';
import { mostCommon, pct, type CatalogueIndustry, type EstimateDefaults, type Tally } from './history.ts';

export interface Evidence {
  cell: Cell;
  industry: CatalogueIndustry | null;
  pair: Tally;
  byIndustry: Tally;
  byCity: Tally;
  all: Tally;
  listings: number | null;
  coverageSource: string | null;
  defaults: EstimateDefaults;
}

const PRIORITY_HIGH = 0.66;
const PRIORITY_MEDIUM = 0.45;
const MAX_KEYWORDS = 6;

/** A rate from the industry's sends, else all sends, else the default — and which it was. */
function rate(e: Evidence, pick: (t: Tally) => number, fallback: number): { value: number; basis: 'industry' | 'account' | 'default' } {
  const min = e.defaults.minSendsForRate;
  if (e.byIndustry.sent >= min) return { value: pct(pick(e.byIndustry), e.byIndustry.sent)!, basis: 'industry' };
  if (e.all.sent >= min) return { value: pct(pick(e.all), e.all.sent)!, basis: 'account' };
  return { value: fallback, basis: 'default' };
}

interface Pain {
  text: string;
  approach: string;
}

function painPoint(e: Evidence, label: string): Pain {
  const i = e.byIndustry;
  if (i.analysed > 0) {
    const options: [number, string, string][] = [
      [i.noHttps, 'have no HTTPS', 'Lead with the "Not secure" warning browsers show on their site and offer an HTTPS move'],
      [i.notMobile, 'have no mobile layout', 'Lead with how their site looks on a phone and offer a responsive rebuild'],
      [i.noBooking, 'take no bookings online', 'Lead with online booking: fewer calls, more appointments'],
    ];
    const [count, issue, approach] = options.reduce((best, o) => (o[0] > best[0] ? o : best));
    if (count > 0) return { text: `${pct(count, i.analysed, 0)}% of the ${label} sites you analysed ${issue} (${count} of ${i.analysed})`, approach };
  }
  if (e.industry?.appointments) {
    return { text: `Unverified: ${label} work by appointment, so online booking is worth checking; the first crawl will tell`, approach: 'Start in test mode, read the first analyses, then lead with the most common gap' };
  }
  return { text: 'Unknown until crawled: each site is checked for HTTPS, a mobile layout, booking and contact details', approach: 'Start in test mode with a small batch to see the real gaps before writing to anyone' };
}

function rationale(e: Evidence, label: string, replyBasis: string): string {
  const parts: string[] = [];
  if (e.listings !== null) parts.push(`The ${e.coverageSource} lists ${plural(e.listings, 'business')} for ${label} in ${e.cell.city}; your campaigns have found ${e.pair.leads} of them.`);
  if (e.pair.campaigns > 0) parts.push(`You ran ${plural(e.pair.campaigns, 'campaign')} here (${plural(e.pair.leads, 'lead')}, ${e.pair.withEmail} with an email).`);
  else parts.push(`You have not run ${label} in ${e.cell.city} yet.`);
  const i = e.byIndustry;
  if (i.campaigns > e.pair.campaigns && i.scored > 0) parts.push(`Across all your ${label} campaigns the average opportunity score is ${Math.round(i.opportunitySum / i.scored)}/100 and ${pct(i.withEmail, i.analysed, 0) ?? 0}% of analysed sites had a contact email.`);
  if (e.byCity.campaigns > 0 && e.byCity.campaigns > e.pair.campaigns) parts.push(`${e.cell.city} has given you ${plural(e.byCity.leads, 'lead')} in other industries.`);
  parts.push(replyBasis);
  return parts.join(' ');
}

export function describe(e: Evidence, score: number): CampaignSuggestion {
  const label = e.cell.industryLabel;
  const lower = label.toLowerCase();
  const query = `${lower} in ${e.cell.city}`;
  const remaining = e.listings === null ? null : Math.max(0, e.listings - e.pair.leads);
  const d = e.defaults;

  const reply = rate(e, (t) => t.replied, d.replyRatePercent);
  const conversion = rate(e, (t) => t.converted, d.conversionRatePercent);
  const replyBasis =
    reply.basis === 'industry' ? `Reply and conversion estimates come from your ${plural(e.byIndustry.sent, 'email')} sent to ${lower}.`
    : reply.basis === 'account' ? `Reply and conversion estimates come from all ${plural(e.all.sent, 'email')} you have sent (none to enough ${lower} yet).`
    : `Too few emails sent yet: reply and conversion rates are conservative defaults, not measurements.`;
  const historyLeads = e.pair.campaigns ? Math.round(e.pair.leads / e.pair.campaigns) : e.byIndustry.campaigns ? Math.round(e.byIndustry.leads / e.byIndustry.campaigns) : null;
  const expectedLeads = remaining ?? historyLeads ?? d.expectedLeads;
  const budget = mostCommon(e.byIndustry.budgets) ?? mostCommon(e.all.budgets);
  const pain = painPoint(e, lower);

  // Competition here is saturation by your own campaigns: there is no third-party competition data.
  const competition = e.listings ? Math.min(1, e.pair.leads / e.listings) : e.pair.campaigns > 0 ? 1 : 0;
  const competitionLevel = competition >= 0.67 ? 'high' : competition >= 0.34 ? 'medium' : 'low';

  const terms = (e.industry?.terms ?? []).map((t) => `${t} in ${e.cell.city}`);
  const related = [...new Set([...terms, ...e.byIndustry.queries].filter((q) => q.toLowerCase() !== query.toLowerCase()))].slice(0, MAX_KEYWORDS);
  const competing = e.byCity.queries.filter((q) => !e.byIndustry.queries.includes(q)).slice(0, MAX_KEYWORDS);

  const usedHistory = e.pair.campaigns + e.byIndustry.campaigns + e.byCity.campaigns + e.all.sent > 0;
  const usedDefaults = reply.basis === 'default' || conversion.basis === 'default' || budget === null || (remaining === null && historyLeads === null);
  const sources = [usedHistory && SOURCE_HISTORY, e.coverageSource, usedDefaults && SOURCE_DEFAULTS].filter((s): s is string => Boolean(s));

  return {
    name: `${label} in ${e.cell.city}`,
    query,
    industry: label,
    location: e.cell.location,
    priority: score >= PRIORITY_HIGH ? 'high' : score >= PRIORITY_MEDIUM ? 'medium' : 'low',
    expected_leads: expectedLeads,
    rationale: rationale(e, lower, replyBasis),
    target_pain_point: pain.text,
    expected_reply_rate: reply.value,
    expected_conversion_rate: conversion.value,
    estimated_project_value: budget ?? d.projectValue,
    signals: {
      search_volume: e.listings ?? (e.pair.leads || null),
      keywords_analyzed: new Set([query, ...terms, ...e.byIndustry.queries, ...e.byCity.queries]).size,
      competition: Math.round(competition * 100) / 100,
      competition_level: competitionLevel,
      opportunity_score: score,
      recommended_approach: pain.approach,
      sources,
      related_keywords: related,
      competing_keywords: competing,
    },
  };
}
