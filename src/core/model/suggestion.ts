// AI campaign suggestion shapes shared by the API, the CLI and the dashboard (spec §3).
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };
import { CampaignMode } from './campaign.ts';

const c = defaults.campaigns;
export const SUGGESTION_COUNTS = c.suggestion_counts as readonly number[];
export const PRIORITIES = ['high', 'medium', 'low'] as const;

/** Where a figure came from; the UI shows these as they are. */
export const SOURCE_HISTORY = 'your campaign history';
export const SOURCE_SANDBOX = 'sandbox catalogue';
export const SOURCE_DEFAULTS = 'conservative defaults';

export const SuggestionSignals = z
  .object({
    search_volume: z.number().nullable().meta({ description: 'Listings the search provider catalogue holds for this pair (sandbox), or leads your campaigns found; null when unknown' }),
    keywords_analyzed: z.number(),
    competition: z.number().meta({ description: '0-1: how much of this market your own campaigns already cover (no third-party competition data is used)' }),
    competition_level: z.enum(['low', 'medium', 'high']),
    opportunity_score: z.number().min(0).max(1),
    recommended_approach: z.string(),
    sources: z.array(z.string()),
    related_keywords: z.array(z.string()),
    competing_keywords: z.array(z.string()),
  })
  .meta({ id: 'SuggestionSignals' });

const text = (field: string, max: number) =>
  z.string({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be text`) }).trim().min(1, `${field} is required`).max(max, `${field} must be at most ${max} characters`);

export const CampaignSuggestion = z
  .object({
    name: z.string(),
    query: z.string(),
    industry: z.string(),
    location: z.string(),
    priority: z.enum(PRIORITIES),
    expected_leads: z.number(),
    rationale: z.string(),
    target_pain_point: z.string(),
    expected_reply_rate: z.number().meta({ description: 'Percent; an estimate from your history or a documented default' }),
    expected_conversion_rate: z.number().meta({ description: 'Percent; an estimate from your history or a documented default' }),
    estimated_project_value: z.string(),
    signals: SuggestionSignals,
  })
  .meta({ id: 'CampaignSuggestion' });
export type CampaignSuggestion = z.infer<typeof CampaignSuggestion>;

export const SuggestionsQuery = z.object({
  count: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? c.suggestion_count_default : Number(v)))
    .refine((n) => SUGGESTION_COUNTS.includes(n), `count must be one of ${SUGGESTION_COUNTS.join(', ')}`),
});

export const SuggestionsResponse = z
  .object({
    suggestions: z.array(CampaignSuggestion),
    serpapi_used_this_month: z.number(),
    serpapi_remaining: z.number(),
    serpapi_quota: z.number(),
  })
  .meta({ id: 'SuggestionsResponse' });
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;

const bounded = (field: string, { min, max, default: fallback }: { min: number; max: number; default: number }) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`)
    .default(fallback);

/** The suggestion as shown (extra display fields such as signals or savedAt are accepted and ignored). */
export const FromSuggestionInput = z
  .object({
    name: text('name', 200),
    query: text('query', 300),
    industry: z.string({ error: 'industry must be text' }).trim().max(100, 'industry must be at most 100 characters').optional(),
    location: z.string({ error: 'location must be text' }).trim().max(200, 'location must be at most 200 characters').optional(),
    mode: CampaignMode.default('test'),
    max_emails: bounded('max_emails', c.suggestion_start.max_emails),
    max_results: bounded('max_results', c.suggestion_start.max_results),
    // Kept on the campaign: the default value of its deals.
    estimated_project_value: z.string({ error: 'estimated_project_value must be text' }).trim().max(100, 'estimated_project_value must be at most 100 characters').optional(),
  })
  .loose()
  .meta({ id: 'FromSuggestionInput' });
export type FromSuggestionInput = z.infer<typeof FromSuggestionInput>;

export const PlannerInsights = z
  .object({
    insights: z.object({
      total_searches: z.number().meta({ description: 'Campaigns this account has started (each ran one search)' }),
      learnings: z.string(),
    }),
  })
  .meta({ id: 'PlannerInsights' });
export type PlannerInsights = z.infer<typeof PlannerInsights>;
