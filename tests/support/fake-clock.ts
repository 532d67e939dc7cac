import type { Clock } from '../../src/core/resilience/clock.ts';

/** A clock whose sleeps advance time instantly and are recorded. */
export function fakeClock(start = 1_000_000): Clock & { slept: number[]; t: number } {
  const clock = {
    t: start,
    slept: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}

