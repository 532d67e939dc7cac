// One breaker per service. Closed: calls go through. After `threshold` consecutive
// failures it opens and refuses calls for `recoveryMs`; then one probe call is let
// through (half-open): success closes it, failure opens it again.
import type { Clock } from './clock.ts';

type State = { kind: 'closed'; failures: number } | { kind: 'open'; until: number } | { kind: 'half-open' };

export interface BreakerSettings {
  threshold: number;
  recoveryMs: number;
}

export class CircuitBreakers {
  private readonly states = new Map<string, State>();

  constructor(private readonly clock: Clock) {}

  /** Undefined when a call may go ahead; otherwise the milliseconds until the next probe. */
  blockedFor(service: string): number | undefined {
    const state = this.states.get(service);
    if (!state || state.kind === 'closed') return undefined;
    if (state.kind === 'half-open') return 1000; // a probe is already in flight
    const wait = state.until - this.clock.now();
    if (wait > 0) return wait;
    this.states.set(service, { kind: 'half-open' });
    return undefined;
  }

  succeeded(service: string): void {
    this.states.set(service, { kind: 'closed', failures: 0 });
  }

  failed(service: string, settings: BreakerSettings): void {
    const state = this.states.get(service) ?? { kind: 'closed', failures: 0 };
    const failures = state.kind === 'closed' ? state.failures + 1 : settings.threshold;
    this.states.set(
      service,
      failures >= settings.threshold ? { kind: 'open', until: this.clock.now() + settings.recoveryMs } : { kind: 'closed', failures },
    );
  }

  state(service: string): 'closed' | 'open' | 'half-open' {
    return this.states.get(service)?.kind ?? 'closed';
  }
}
