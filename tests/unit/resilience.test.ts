import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/core/resilience/backoff.ts';
import { CircuitBreakers } from '../../src/core/resilience/circuit-breaker.ts';
import { afterFailure } from '../../src/core/resilience/dead-letter.ts';
import { RateLimiter } from '../../src/core/resilience/rate-limiter.ts';
import { ProviderError } from '../../src/core/model/providers.ts';
import { SYSTEM_DEFAULTS } from '../../src/core/model/settings.ts';
import { fakeClock } from '../support/fake-clock.ts';

describe('backoff', () => {
  const s = { initialSeconds: 1, maxSeconds: 60, base: 2 };
  it('grows exponentially with jitter in the upper half, capped at the maximum', () => {
    expect(backoffMs(1, s, () => 0)).toBe(500);
    expect(backoffMs(1, s, () => 1)).toBe(1000);
    expect(backoffMs(3, s, () => 1)).toBe(4000);
    expect(backoffMs(3, s, () => 0)).toBe(2000);
    expect(backoffMs(20, s, () => 1)).toBe(60_000);
  });

  it('waits at least what Retry-After asks, but never past the cap', () => {
    expect(backoffMs(1, s, () => 0, 7)).toBe(7000);
    expect(backoffMs(1, s, () => 0, 600)).toBe(60_000);
  });
});

describe('circuit breaker', () => {
  it('opens after the threshold, lets one probe through after the recovery time, closes on success', () => {
    const clock = fakeClock();
    const b = new CircuitBreakers(clock);
    const settings = { threshold: 3, recoveryMs: 60_000 };
    b.failed('serpapi', settings);
    b.failed('serpapi', settings);
    expect(b.blockedFor('serpapi')).toBeUndefined();
    b.failed('serpapi', settings);
    expect(b.state('serpapi')).toBe('open');
    expect(b.blockedFor('serpapi')).toBe(60_000);
    expect(b.blockedFor('gemini')).toBeUndefined();

    clock.t += 60_000;
    expect(b.blockedFor('serpapi')).toBeUndefined(); // the probe
    expect(b.state('serpapi')).toBe('half-open');
    expect(b.blockedFor('serpapi')).toBeGreaterThan(0); // only one probe at a time
    b.succeeded('serpapi');
    expect(b.state('serpapi')).toBe('closed');
  });

  it('reopens at once when the probe fails', () => {
    const clock = fakeClock();
    const b = new CircuitBreakers(clock);
    const settings = { threshold: 2, recoveryMs: 1000 };
    b.failed('x', settings);
    b.failed('x', settings);
    clock.t += 1000;
    b.blockedFor('x');
    b.failed('x', settings);
    expect(b.state('x')).toBe('open');
  });
});

describe('rate limiter', () => {
  it('lets N calls through per minute and makes the next one wait for the window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < 3; i++) await limiter.acquire('gemini', 3);
    expect(clock.slept).toEqual([]);
    await limiter.acquire('gemini', 3);
    expect(clock.slept).toEqual([60_000]);
    await limiter.acquire('serpapi', 3);
    expect(clock.slept).toEqual([60_000]);
  });
});

describe('dead-letter decision', () => {
  const config = { ...SYSTEM_DEFAULTS, dlq_enabled: true, dlq_max_retries: 3 };
  const transient = new ProviderError('gemini', 'unavailable', 'down');
  const auth = new ProviderError('gemini', 'auth', 'bad key');

  it('retries transient failures until the limit, then dead-letters them', () => {
    expect(afterFailure(1, transient, config)).toEqual({ action: 'retry' });
    expect(afterFailure(3, transient, config)).toEqual({ action: 'retry' });
    expect(afterFailure(4, transient, config)).toEqual({ action: 'dead_letter' });
  });

  it('dead-letters a permanent failure at once, and fails it when the queue is off', () => {
    expect(afterFailure(1, auth, config)).toEqual({ action: 'dead_letter' });
    expect(afterFailure(1, auth, { ...config, dlq_enabled: false })).toEqual({ action: 'fail' });
    expect(afterFailure(4, transient, { ...config, dlq_enabled: false, max_retries: 5 })).toEqual({ action: 'retry' });
  });
});
