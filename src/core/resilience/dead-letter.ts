// What happens to a unit of durable work (a pipeline job, a send) after a failure:
// try again later, or park it in the dead-letter queue where it stays visible and
// can be re-queued by hand. Read from the live system configuration.
import type { SystemConfig } from '../model/settings.ts';
import { ProviderError } from '../model/providers.ts';

export type FailureOutcome = { action: 'retry' } | { action: 'dead_letter' } | { action: 'fail' };

export function afterFailure(attempts: number, error: unknown, config: SystemConfig): FailureOutcome {
  // Only transient failures are worth another go; a bad key or a refused item is not.
  const transient = !(error instanceof ProviderError) || error.retryable;
  const limit = config.dlq_enabled ? config.dlq_max_retries : config.max_retries;
  if (transient && attempts <= limit) return { action: 'retry' };
  return config.dlq_enabled ? { action: 'dead_letter' } : { action: 'fail' };
}
