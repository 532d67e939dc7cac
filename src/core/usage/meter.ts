// Records every metered call and refuses a call before it is made when its quota
// (or the search budget) is used up — with a clear error and an activity event.
import defaults from '../../../config/default.json' with { type: 'json' };
import { DomainError } from '../errors.ts';
import type { EventSink } from '../events.ts';
import type { MeteredService } from '../model/providers.ts';
import type { SettingsStore } from '../settings/store.ts';
import type { SystemConfigStore } from '../settings/system-config.ts';
import type { UsageRepo } from './repo.ts';
import { rolling24hStart, startOfUtcDay, startOfUtcMonth } from './windows.ts';

export const SEARCH_SERVICES = ['serpapi', 'google_custom_search'] as const satisfies readonly MeteredService[];

export interface Limits {
  emailsPerDay: number;
  searchCallsPerMonth: number;
  aiTokensPerDay: number;
  /** PageSpeed Insights' free quota (config only: Google's own limit, not a budget of ours). */
  pagespeedQueriesPerDay: number;
}

export interface CallRecord {
  service: MeteredService;
  operation: string;
  count?: number;
  tokensIn?: number;
  tokensOut?: number;
  campaignId?: number | null;
}

const prices = defaults.costs_usd_estimates;

/** Estimated cost of a call in USD (the providers' list prices; estimates, not invoices). */
export function estimateCost(r: CallRecord): number {
  const count = r.count ?? 1;
  switch (r.service) {
    case 'serpapi':
      return count * prices.serpapi_per_search;
    case 'google_custom_search':
      return count * prices.google_custom_search_per_query;
    case 'gemini':
      return ((r.tokensIn ?? 0) * prices.gemini_per_million_input_tokens + (r.tokensOut ?? 0) * prices.gemini_per_million_output_tokens) / 1e6;
    case 'email':
      return count * prices.email_per_message;
    case 'pagespeed':
      return count * prices.pagespeed_per_query;
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

export class UsageMeter {
  constructor(
    private readonly repo: UsageRepo,
    private readonly settings: SettingsStore,
    private readonly system: SystemConfigStore,
    private readonly events: EventSink,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async limits(): Promise<Limits> {
    const s = await this.settings.states(['quota_emails_per_day', 'quota_search_calls_per_month', 'quota_ai_tokens_per_day']);
    const num = (v: string | undefined, fallback: number) => (v !== undefined && Number.isFinite(Number(v)) ? Number(v) : fallback);
    return {
      emailsPerDay: num(s.quota_emails_per_day.value, defaults.quotas.emails_per_day),
      searchCallsPerMonth: num(s.quota_search_calls_per_month.value, defaults.quotas.search_calls_per_month),
      aiTokensPerDay: num(s.quota_ai_tokens_per_day.value, defaults.quotas.ai_tokens_per_day),
      pagespeedQueriesPerDay: defaults.quotas.pagespeed_queries_per_day,
    };
  }

  /** Throws quota_exhausted (and records an activity event) when the call must not be made. */
  async ensureAllowed(service: MeteredService, opts: { estimatedTokens?: number; campaignId?: number | null } = {}): Promise<void> {
    const reason = await this.exhaustedReason(service, opts.estimatedTokens ?? 0);
    if (!reason) return;
    await this.events.emit({
      campaignId: opts.campaignId ?? null,
      activityType: 'error',
      status: 'error',
      message: reason,
      details: { service, quota_exhausted: true },
    });
    throw new DomainError('quota_exhausted', reason);
  }

  async record(call: CallRecord): Promise<void> {
    await this.repo.insert({
      service: call.service,
      operation: call.operation,
      count: call.count ?? 1,
      tokensIn: call.tokensIn ?? 0,
      tokensOut: call.tokensOut ?? 0,
      costUsd: estimateCost(call),
      campaignId: call.campaignId ?? null,
    });
  }

  private async exhaustedReason(service: MeteredService, estimatedTokens: number): Promise<string | undefined> {
    const now = this.now();
    const limits = await this.limits();
    if (service === 'email') {
      const sent = await this.repo.totals(['email'], rolling24hStart(now));
      if (sent.count >= limits.emailsPerDay) return `Daily email quota reached: ${fmt(sent.count)} of ${fmt(limits.emailsPerDay)} emails sent in the last 24 hours`;
    }
    if (service === 'gemini') {
      const used = await this.repo.totals(['gemini'], startOfUtcDay(now));
      if (used.tokens + estimatedTokens > limits.aiTokensPerDay) {
        return `Daily AI token quota reached: ${fmt(used.tokens)} of ${fmt(limits.aiTokensPerDay)} tokens used today (UTC)`;
      }
    }
    if (service === 'pagespeed') {
      const used = await this.repo.totals(['pagespeed'], startOfUtcDay(now));
      if (used.count >= limits.pagespeedQueriesPerDay) {
        return `Daily PageSpeed Insights quota reached: ${fmt(used.count)} of ${fmt(limits.pagespeedQueriesPerDay)} queries used today (UTC)`;
      }
    }
    if (service === 'serpapi' || service === 'google_custom_search') {
      const month = await this.repo.totals(SEARCH_SERVICES, startOfUtcMonth(now));
      if (month.count >= limits.searchCallsPerMonth) {
        return `Monthly search quota reached: ${fmt(month.count)} of ${fmt(limits.searchCallsPerMonth)} searches used this month (resets on the 1st)`;
      }
      const budget = (await this.system.get()).serpapi_monthly_budget;
      if (budget > 0 && month.costUsd >= budget) {
        return `Monthly search budget reached: $${month.costUsd.toFixed(2)} of $${budget.toFixed(2)} spent this month`;
      }
    }
    return undefined;
  }
}
