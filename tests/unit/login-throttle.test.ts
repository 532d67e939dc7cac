import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.ts';
import { LoginThrottle } from '../../src/core/users/login-throttle.ts';

const limits = { windowMinutes: 15, maxFailuresPerAccount: 3, maxFailuresPerAddress: 5 };

function throttleAt(start = 0) {
  const clock = { now: start };
  return { clock, throttle: new LoginThrottle(limits, () => clock.now) };
}

const blocked = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error as DomainError;
  }
};

describe('LoginThrottle', () => {
  it('locks an account after the allowed failures and unlocks when the window passes', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure('Ann', '10.0.0.1');
    const error = blocked(() => throttle.check('ann', '10.0.0.2'));
    expect(error?.code).toBe('rate_limited');
    expect(error?.retryAfterSeconds).toBe(15 * 60);
    expect(error?.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');

    clock.now += 15 * 60_000 + 1;
    expect(blocked(() => throttle.check('ann', '10.0.0.2'))).toBeUndefined();
  });

  it('locks an address trying many accounts', () => {
    const { throttle } = throttleAt();
    for (const name of ['a', 'b', 'c', 'd', 'e']) throttle.recordFailure(name, '10.0.0.9');
    expect(blocked(() => throttle.check('fresh-account', '10.0.0.9'))?.code).toBe('rate_limited');
    expect(blocked(() => throttle.check('fresh-account', '10.0.0.8'))).toBeUndefined();
  });

  it('forgets an account failures after a successful sign-in', () => {
    const { throttle } = throttleAt();
    throttle.recordFailure('bo', undefined);
    throttle.recordFailure('bo', undefined);
    throttle.recordSuccess('bo');
    throttle.recordFailure('bo', undefined);
    throttle.recordFailure('bo', undefined);
    expect(blocked(() => throttle.check('bo', undefined))).toBeUndefined();
  });
});
