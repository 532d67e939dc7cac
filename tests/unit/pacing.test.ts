import { describe, expect, it } from 'vitest';
import { livePaceMs } from '../../src/core/emails/pacing.ts';
import { windowEnd } from '../../src/core/scheduling/windows.ts';

const now = new Date('2026-03-10T15:00:00Z');
const base = { now, windowEnd: undefined, waiting: 10, budgetLeft: 100, targetPerDay: 125, minGapMs: 2000 };
const MIN = 60_000;

describe('livePaceMs', () => {
  it('with no windows, spreads at the even pace of the daily target', () => {
    expect(livePaceMs(base)).toBe(Math.round((24 * 60 * MIN) / 125)); // 11.5 minutes
  });

  it('speeds up to get through what waits before the window closes', () => {
    const closes = new Date(now.getTime() + 60 * MIN);
    expect(livePaceMs({ ...base, windowEnd: closes, waiting: 30 })).toBe(2 * MIN);
    // ...but only as far as the sends left under the target need
    expect(livePaceMs({ ...base, windowEnd: closes, waiting: 30, budgetLeft: 6 })).toBe(10 * MIN);
  });

  it('never goes faster than the configured send delay', () => {
    expect(livePaceMs({ ...base, windowEnd: new Date(now.getTime() + MIN), waiting: 500 })).toBe(2000);
  });

  it('copes with nothing left to count', () => {
    expect(livePaceMs({ ...base, waiting: 0, budgetLeft: 0, targetPerDay: 0 })).toBeGreaterThanOrEqual(2000);
  });
});

describe('windowEnd', () => {
  const tuesday = [{ day: 'Tuesday', time_range: '09:00-11:00' }];
  it('is when the current window closes, the moment itself outside, none without windows', () => {
    expect(windowEnd(new Date('2026-03-10T09:30:00Z'), tuesday, 'UTC')?.toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(windowEnd(new Date('2026-03-10T12:00:00Z'), tuesday, 'UTC')?.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(windowEnd(new Date('2026-03-10T09:30:00Z'), [], 'UTC')).toBeUndefined();
  });
});
