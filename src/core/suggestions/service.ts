// AI campaign suggestions: plan from history + catalogue (never a paid search), report the
// monthly search quota, and turn a chosen suggestion into a running campaign.
import type { Campaign } from '../model/campaign.ts';
import type { FromSuggestionInput, PlannerInsights, SuggestionsResponse } from '../model/suggestion.ts';
import type { UsageToday } from '../model/usage.ts';
import type { Actor } from '../users/access.ts';
import type { Coverage, EstimateDefaults, HistoryRepo } from './history.ts';
import { insights } from './insights.ts';
import { plan } from './planner.ts';

export interface SuggestionDeps {
  history: HistoryRepo;
  /** The active search provider's catalogue, or null when it cannot be listed for free. */
  coverage: () => Promise<Coverage | null>;
  usage: () => Promise<Pick<UsageToday, 'serpapi_calls_this_month' | 'serpapi_remaining_this_month' | 'serpapi_quota_monthly'>>;
  campaigns: {
    create(actor: Actor, input: { name: string; search_query: string; industry?: string; location?: string; mode: 'test' | 'live'; max_results?: number; max_emails?: number }, options?: { estimatedProjectValue?: string }): Promise<Campaign>;
    start(id: number): Promise<Campaign>;
  };
  defaults: EstimateDefaults;
}

export class SuggestionService {
  constructor(private readonly deps: SuggestionDeps) {}

  async suggest(count: number): Promise<SuggestionsResponse> {
    const [outcomes, coverage, usage] = await Promise.all([this.deps.history.outcomes(), this.deps.coverage(), this.deps.usage()]);
    return {
      suggestions: plan({ outcomes, coverage, count, defaults: this.deps.defaults }),
      serpapi_used_this_month: usage.serpapi_calls_this_month,
      serpapi_remaining: usage.serpapi_remaining_this_month,
      serpapi_quota: usage.serpapi_quota_monthly,
    };
  }

  async insights(): Promise<PlannerInsights> {
    const [outcomes, coverage] = await Promise.all([this.deps.history.outcomes(), this.deps.coverage()]);
    return insights(outcomes, coverage);
  }

  /**
   * The modal the user fills is the suggestion *start* modal (mode, emails, websites), so the
   * campaign is created and started in one go, like pressing Start on a new DRAFT.
   */
  async fromSuggestion(actor: Actor, input: FromSuggestionInput): Promise<Campaign> {
    const created = await this.deps.campaigns.create(actor, {
      name: input.name,
      search_query: input.query,
      industry: input.industry || undefined,
      location: input.location || undefined,
      mode: input.mode,
      max_results: input.max_results,
      max_emails: input.max_emails,
    }, { estimatedProjectValue: input.estimated_project_value || undefined });
    return this.deps.campaigns.start(created.id);
  }
}
