import { describe, expect, it } from 'vitest';
import { insideWindow, nextWindowStart, type SendingWindow } from '../../src/core/scheduling/windows.ts';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const tuesdays: SendingWindow[] = [{ day: 'Tuesday', time_range: '09:00-17:00' }];

describe('insideWindow (the spec rule)', () => {
  // 2026-03-10 is a Tuesday; New York is on EDT (UTC-4), Berlin on CET (UTC+1).
  it('is inside when the weekday matches and start hour <= hour < end hour', () => {
    expect(insideWindow(at('2026-03-10T12:59:00Z'), tuesdays, NY)).toBe(false); // 08:59
    expect(insideWindow(at('2026-03-10T13:00:00Z'), tuesdays, NY)).toBe(true); // 09:00
    expect(insideWindow(at('2026-03-10T20:59:59Z'), tuesdays, NY)).toBe(true); // 16:59
    expect(insideWindow(at('2026-03-10T21:00:00Z'), tuesdays, NY)).toBe(false); // 17:00
    expect(insideWindow(at('2026-03-11T14:00:00Z'), tuesdays, NY)).toBe(false); // Wednesday 10:00
    expect(insideWindow(at('2026-03-03T14:00:00Z'), tuesdays, NY)).toBe(true); // the Tuesday before
  });

  it('reads the window in the given time zone', () => {
    const berlinMorning = at('2026-03-10T08:00:00Z'); // Berlin 09:00, New York 04:00
    expect(insideWindow(berlinMorning, tuesdays, BERLIN)).toBe(true);
    expect(insideWindow(berlinMorning, tuesdays, NY)).toBe(false);
    const newYorkAfternoon = at('2026-03-10T20:00:00Z'); // New York 16:00, Berlin 21:00
    expect(insideWindow(newYorkAfternoon, tuesdays, NY)).toBe(true);
    expect(insideWindow(newYorkAfternoon, tuesdays, BERLIN)).toBe(false);
  });

  it('takes the weekday from the time zone too', () => {
    const lateTuesdayUtc = at('2026-03-10T23:30:00Z'); // Berlin Wednesday 00:30, New York Tuesday 19:30
    const wednesdayMidnight: SendingWindow[] = [{ day: 'Wednesday', time_range: '00:00-01:00' }];
    expect(insideWindow(lateTuesdayUtc, wednesdayMidnight, BERLIN)).toBe(true);
    expect(insideWindow(lateTuesdayUtc, wednesdayMidnight, NY)).toBe(false);
  });

  it('is inside any one of several windows', () => {
    const windows: SendingWindow[] = [
      { day: 'Monday', time_range: '09:00-11:00' },
      { day: 'Thursday', time_range: '14:00-16:00' },
    ];
    expect(insideWindow(at('2026-03-09T13:30:00Z'), windows, NY)).toBe(true); // Monday 09:30
    expect(insideWindow(at('2026-03-12T19:00:00Z'), windows, NY)).toBe(true); // Thursday 15:00
    expect(insideWindow(at('2026-03-12T13:30:00Z'), windows, NY)).toBe(false); // Thursday 09:30
    expect(insideWindow(at('2026-03-09T19:00:00Z'), windows, NY)).toBe(false); // Monday 15:00
  });

  it('counts whole hours only, as the spec says', () => {
    const windows: SendingWindow[] = [{ day: 'Tuesday', time_range: '09:30-11:45' }];
    expect(insideWindow(at('2026-03-10T13:05:00Z'), windows, NY)).toBe(true); // 09:05: hour 9 >= 9
    expect(insideWindow(at('2026-03-10T15:10:00Z'), windows, NY)).toBe(false); // 11:10: hour 11 is not < 11
  });

  it('accepts a window ending at 24:00', () => {
    const windows: SendingWindow[] = [{ day: 'Tuesday', time_range: '22:00-24:00' }];
    expect(insideWindow(at('2026-03-11T03:59:00Z'), windows, NY)).toBe(true); // Tuesday 23:59
    expect(insideWindow(at('2026-03-11T04:00:00Z'), windows, NY)).toBe(false); // Wednesday 00:00
  });

  it('counts every moment as inside when there are no windows', () => {
    for (const iso of ['2026-03-08T07:30:00Z', '2026-11-01T05:30:00Z', '2026-12-31T23:59:59Z']) {
      expect(insideWindow(at(iso), [], NY)).toBe(true);
      expect(insideWindow(at(iso), [], BERLIN)).toBe(true);
    }
  });
});

describe('nextWindowStart', () => {
  it('returns the moment itself when it is inside a window', () => {
    const inside = at('2026-03-10T14:23:45Z'); // Tuesday 10:23 New York
    expect(nextWindowStart(inside, tuesdays, NY)).toBe(inside);
    expect(nextWindowStart(inside, [], NY)).toBe(inside);
  });

  it('returns the start hour of a window later the same day', () => {
    expect(nextWindowStart(at('2026-03-10T12:30:00Z'), tuesdays, NY).toISOString()).toBe('2026-03-10T13:00:00.000Z'); // 08:30 → 09:00
    expect(nextWindowStart(at('2026-03-10T06:59:59Z'), tuesdays, BERLIN).toISOString()).toBe('2026-03-10T08:00:00.000Z'); // 07:59 → 09:00
  });

  it('waits a week when this week’s only window has just ended', () => {
    expect(nextWindowStart(at('2026-03-10T21:00:00Z'), tuesdays, NY).toISOString()).toBe('2026-03-17T13:00:00.000Z');
  });

  it('crosses the week boundary (Saturday → Monday)', () => {
    const mondays: SendingWindow[] = [{ day: 'Monday', time_range: '10:00-12:00' }];
    expect(nextWindowStart(at('2026-03-14T16:00:00Z'), mondays, NY).toISOString()).toBe('2026-03-16T14:00:00.000Z'); // Saturday noon → Monday 10:00 EDT
    expect(nextWindowStart(at('2026-03-14T16:00:00Z'), mondays, BERLIN).toISOString()).toBe('2026-03-16T09:00:00.000Z'); // Monday 10:00 CET
  });

  it('picks the earliest of several windows', () => {
    const windows: SendingWindow[] = [
      { day: 'Thursday', time_range: '14:00-16:00' },
      { day: 'Wednesday', time_range: '15:00-16:00' },
    ];
    expect(nextWindowStart(at('2026-03-10T21:00:00Z'), windows, NY).toISOString()).toBe('2026-03-11T19:00:00.000Z'); // Wednesday 15:00 EDT
  });

  it('follows the clock across the spring DST change in New York (2026-03-08)', () => {
    const mondays: SendingWindow[] = [{ day: 'Monday', time_range: '09:00-17:00' }];
    // Saturday 12:00 EST (UTC-5) → Monday 09:00 EDT (UTC-4), not 09:00 EST.
    expect(nextWindowStart(at('2026-03-07T17:00:00Z'), mondays, NY).toISOString()).toBe('2026-03-09T13:00:00.000Z');
    // The Sunday window whose 02:00 does not exist opens at the first hour that does: 03:00 EDT.
    const sundayNight: SendingWindow[] = [{ day: 'Sunday', time_range: '02:00-04:00' }];
    expect(nextWindowStart(at('2026-03-07T17:00:00Z'), sundayNight, NY).toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('follows the clock across the autumn DST change in New York (2026-11-01)', () => {
    const mondays: SendingWindow[] = [{ day: 'Monday', time_range: '09:00-17:00' }];
    // Saturday 12:00 EDT (UTC-4) → Monday 09:00 EST (UTC-5).
    expect(nextWindowStart(at('2026-10-31T16:00:00Z'), mondays, NY).toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // 01:00 happens twice that night: the window opens at the first one (01:00 EDT).
    const sundayOne: SendingWindow[] = [{ day: 'Sunday', time_range: '01:00-02:00' }];
    expect(nextWindowStart(at('2026-10-31T16:00:00Z'), sundayOne, NY).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('follows the clock across the spring DST change in Berlin (2026-03-29)', () => {
    const mondays: SendingWindow[] = [{ day: 'Monday', time_range: '09:00-17:00' }];
    // Friday 19:00 CET (UTC+1) → Monday 09:00 CEST (UTC+2).
    expect(nextWindowStart(at('2026-03-27T18:00:00Z'), mondays, BERLIN).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('always lands inside a window, at a whole hour, after the given moment', () => {
    const windows: SendingWindow[] = [{ day: 'Friday', time_range: '08:00-09:00' }];
    let from = at('2026-10-20T00:17:00Z');
    for (let i = 0; i < 10; i++) {
      const next = nextWindowStart(from, windows, BERLIN);
      expect(next.getTime()).toBeGreaterThan(from.getTime());
      expect(next.getUTCMinutes()).toBe(0);
      expect(insideWindow(next, windows, BERLIN)).toBe(true);
      expect(insideWindow(new Date(next.getTime() - 3600_000), windows, BERLIN)).toBe(false); // its start, not somewhere inside
      from = new Date(next.getTime() + 3600_000 + 17 * 60_000); // just past this window
    }
  });
});

describe('zones offset by half and quarter hours', () => {
  it('opens at the local start hour, not half an hour late', () => {
    const tuesday = [{ day: 'Tuesday', time_range: '09:00-17:00' }];
    expect(nextWindowStart(new Date('2026-03-09T20:00:00Z'), tuesday, 'Asia/Kolkata').toISOString()).toBe('2026-03-10T03:30:00.000Z');
    expect(nextWindowStart(new Date('2026-03-09T20:00:00Z'), tuesday, 'Asia/Kathmandu').toISOString()).toBe('2026-03-10T03:15:00.000Z');
  });
});
