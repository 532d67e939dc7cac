// What happens to a unit of durable work (a pipeline job, a send) after a failure:
// try again later, or park it in the dead-letter queue where it stays visible and
// can be re-queued by hand. Read from the live system configuration.
import type { SystemConfig } from '../model/settings.ts';
import { DomainError } from '../errors.ts';
import { ProviderError } from '../model/providers.ts';

export type FailureOutcome = { action: 'retry' } | { action: 'dead_letter' } | { action: 'fail' };

export function afterFailure(attempts: number, error: unknown, config: SystemConfig): FailureOutcome {
  // Only transient failures are worth another go; a bad key, a refused item or a broken
  // rule (an exhausted quota, say) is not. Unknown errors get the benefit of the doubt.
  const transient = error instanceof ProviderError ? error.retryable : !(error instanceof DomainError);
  const limit = config.dlq_enabled ? config.dlq_max_retries : config.max_retries;
  if (transient && attempts <= limit) return { action: 'retry' };
  return config.dlq_enabled ? { action: 'dead_letter' } : { action: 'fail' };
}

/** How many times a job may run in all: the first attempt plus the allowed retries. */
export const jobAttempts = (config: SystemConfig) => (config.dlq_enabled ? config.dlq_max_retries : config.max_retries) + 1;
