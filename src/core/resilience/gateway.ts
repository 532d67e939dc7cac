// The one road every paid call takes: quota check → circuit breaker → rate limit →
// the call → usage record, with retries (backoff + jitter) for what is retryable.
// Settings are read live from the system configuration on every call.
import type { MeteredService } from '../model/providers.ts';
import { ProviderError } from '../model/providers.ts';
import type { SystemConfig } from '../model/settings.ts';
import type { SystemConfigStore } from '../settings/system-config.ts';
import type { CallRecord, UsageMeter } from '../usage/meter.ts';
import { backoffMs } from './backoff.ts';
import { CircuitBreakers } from './circuit-breaker.ts';
import { systemClock, type Clock } from './clock.ts';
import { RateLimiter } from './rate-limiter.ts';

const RATE_LIMIT_KEY: Record<MeteredService, keyof SystemConfig> = {
  email: 'email_send_rate_limit',
  serpapi: 'serpapi_rate_limit',
  google_custom_search: 'serpapi_rate_limit',
  gemini: 'gemini_rate_limit',
  // PageSpeed Insights is a Google API on the search key: paced like the search calls.
  pagespeed: 'serpapi_rate_limit',
};

export interface CallOptions<T> {
  campaignId?: number | null;
  /** For token quotas: a rough size of the call, checked before it is made. */
  estimatedTokens?: number;
  /** What the finished call used (count, tokens); defaults to one unit. */
  usage?: (result: T) => Pick<CallRecord, 'count' | 'tokensIn' | 'tokensOut'>;
}

/** Failures that say the service is unwell (as opposed to our request or key being wrong). */
const countsAgainstBreaker = (error: unknown) =>
  error instanceof ProviderError && (error.kind === 'unavailable' || error.kind === 'rate_limited' || error.kind === 'bad_response');

export class ServiceGateway {
  readonly breakers: CircuitBreakers;
  readonly limiter: RateLimiter;

  constructor(
    private readonly meter: UsageMeter,
    private readonly system: SystemConfigStore,
    private readonly clock: Clock = systemClock,
    private readonly random: () => number = Math.random,
  ) {
    this.breakers = new CircuitBreakers(clock);
    this.limiter = new RateLimiter(clock);
  }

  async call<T>(service: MeteredService, operation: string, fn: () => Promise<T>, opts: CallOptions<T> = {}): Promise<T> {
    await this.meter.ensureAllowed(service, opts);
    const config = await this.system.get();
    for (let retry = 0; ; retry++) {
      this.checkBreaker(service, config);
      if (config.enable_rate_limiting) await this.limiter.acquire(service, Number(config[RATE_LIMIT_KEY[service]]));
      try {
        const result = await fn();
        this.breakers.succeeded(service);
        await this.meter.record({ service, operation, campaignId: opts.campaignId, ...(opts.usage?.(result) ?? { count: 1 }) });
        return result;
      } catch (error) {
        if (config.enable_circuit_breaker && countsAgainstBreaker(error)) {
          this.breakers.failed(service, {
            threshold: config.circuit_breaker_failure_threshold,
            recoveryMs: config.circuit_breaker_recovery_timeout * 1000,
          });
        }
        const retryable = error instanceof ProviderError && error.retryable;
        if (!retryable || retry >= config.max_retries) throw error;
        const wait = backoffMs(
          retry + 1,
          { initialSeconds: config.retry_initial_delay, maxSeconds: config.retry_max_delay, base: config.retry_exponential_base },
          this.random,
          error.retryAfterSeconds,
        );
        await this.clock.sleep(wait);
      }
    }
  }

  private checkBreaker(service: MeteredService, config: SystemConfig): void {
    if (!config.enable_circuit_breaker) return;
    const blocked = this.breakers.blockedFor(service);
    if (blocked === undefined) return;
    throw new ProviderError(
      service,
      'unavailable',
      `${service} is failing repeatedly; calls are paused for ${Math.ceil(blocked / 1000)} s (circuit breaker open)`,
    );
  }
}
