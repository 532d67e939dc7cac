import { describe, expect, it } from 'vitest';
import { localSlot, MIN_ENGAGEMENTS, nextOccurrence, optimalSendTime, tomorrowBest } from '../../src/core/scheduling/optimal-time.ts';

const NY = 'America/New_York';
const now = new Date('2026-11-21T15:00:00Z'); // a Saturday

describe('optimal send time', () => {
  it('falls back to general business patterns without enough history', () => {
    const result = optimalSendTime([], now);
    expect(result).toMatchObject({ day: 'Tuesday', time: '10:00', timezone: NY, confidence: 0.6, reasoning: 'Based on general business patterns', based_on_engagements: 0 });
    expect(localSlot(new Date(result.next_send_time), NY)).toEqual({ day: 'Tuesday', hour: 10 });
    expect(new Date(result.next_send_time).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(result.next_send_time).getTime() - now.getTime()).toBeLessThan(7 * 24 * 3600_000);
  });

  it('learns the slot where this account gets its opens and replies', () => {
    // Thursdays 14:xx New York time, plus some noise.
    const thursdays = Array.from({ length: MIN_ENGAGEMENTS }, (_, i) => new Date(Date.UTC(2026, 9, 1 + 7 * (i % 4), 18, i)));
    const noise = [new Date('2026-10-05T13:00:00Z'), new Date('2026-10-06T20:00:00Z')];
    const result = optimalSendTime([...thursdays, ...noise], now);
    expect(result).toMatchObject({ day: 'Thursday', time: '14:00', timezone: NY, based_on_engagements: 22 });
    expect(result.confidence).toBeGreaterThan(0.6);
    expect(result.reasoning).toContain('20 of your 22 opens and replies');
    expect(localSlot(new Date(result.next_send_time), NY)).toEqual({ day: 'Thursday', hour: 14 });
  });

  it('walks the clock across a daylight-saving change', () => {
    const beforeDst = new Date('2026-03-06T12:00:00Z'); // Friday before US DST starts (Mar 8)
    expect(localSlot(nextOccurrence('Monday', 10, NY, beforeDst), NY)).toEqual({ day: 'Monday', hour: 10 });
  });

  it('picks tomorrow at the best hour', () => {
    const result = tomorrowBest([], now);
    expect(localSlot(new Date(result.best_time), NY)).toEqual({ day: 'Sunday', hour: 10 });
  });
});
