import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.ts';
import { LoginThrottle } from '../../src/core/users/login-throttle.ts';

const limits = { windowMinutes: 15, maxFailuresPerAccount: 3, maxFailuresPerAddress: 5, addressDelayBaseSeconds: 1, addressDelayMaxSeconds: 60 };

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

  it('slows an address trying many accounts down, with a delay that doubles, and leaves other addresses alone', () => {
    const { clock, throttle } = throttleAt();
    for (const name of ['a', 'b', 'c', 'd', 'e']) throttle.recordFailure(name, '10.0.0.9');
    const error = blocked(() => throttle.check('fresh-account', '10.0.0.9'));
    expect(error?.code).toBe('rate_limited');
    expect(error?.retryAfterSeconds).toBe(1);
    expect(error?.message).toBe('Too many failed sign-in attempts from this network address. Try again in 1 second.');
    expect(blocked(() => throttle.check('fresh-account', '10.0.0.8'))).toBeUndefined();

    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const wait = blocked(() => throttle.check(`guess-${i}`, '10.0.0.9'))!.retryAfterSeconds!;
      waits.push(wait);
      clock.now += wait * 1000;
      expect(blocked(() => throttle.check(`guess-${i}`, '10.0.0.9'))).toBeUndefined();
      throttle.recordFailure(`guess-${i}`, '10.0.0.9');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('lets one attempt through per slot, so parallel requests from a slowed address cannot share it', () => {
    const { clock, throttle } = throttleAt();
    for (const name of ['a', 'b', 'c', 'd', 'e']) throttle.recordFailure(name, '10.0.0.9');
    clock.now += 1000;
    expect(blocked(() => throttle.check('x', '10.0.0.9'))).toBeUndefined();
    expect(blocked(() => throttle.check('y', '10.0.0.9'))?.code).toBe('rate_limited');
  });

  it('never locks an account out because of other accounts failing, from any address', () => {
    const { clock, throttle } = throttleAt();
    // Spraying from the address the administrator also uses (one NAT, or one proxy).
    for (let i = 0; i < 40; i++) throttle.recordFailure(`user-${i}`, '10.0.0.9');
    expect(blocked(() => throttle.check('admin', '10.0.0.2'))).toBeUndefined(); // another address: no wait at all
    const wait = blocked(() => throttle.check('admin', '10.0.0.9'))!;
    expect(wait.retryAfterSeconds).toBeLessThanOrEqual(60); // the same address: seconds, not 15 minutes
    clock.now += wait.retryAfterSeconds! * 1000;
    expect(blocked(() => throttle.check('admin', '10.0.0.9'))).toBeUndefined();
    throttle.recordSuccess('admin');
  });

  it('keeps the per-account limit whatever addresses the failures come from', () => {
    const { throttle } = throttleAt();
    ['10.0.0.1', '10.0.0.2', '10.0.0.3'].forEach((address) => throttle.recordFailure('ann', address));
    expect(blocked(() => throttle.check('ann', '10.0.0.4'))?.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(blocked(() => throttle.check('ann', undefined))?.code).toBe('rate_limited');
  });

  it('forgets an address once its failures leave the window', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 30; i++) throttle.recordFailure(`u${i}`, '10.0.0.9');
    clock.now += 15 * 60_000 + 1;
    expect(blocked(() => throttle.check('u0', '10.0.0.9'))).toBeUndefined();
    expect(blocked(() => throttle.check('u1', '10.0.0.9'))).toBeUndefined();
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
