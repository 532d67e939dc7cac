// Sending windows on the recipient's clock across the DST changes, with fixed dates: the US
// springs forward on 2026-03-08 and falls back on 2026-11-01, the EU on 2026-03-29 and
// 2026-10-25 — so for two weeks a year New York is 5 hours behind Berlin instead of 6.
import { describe, expect, it } from 'vitest';
import { localSlot } from '../../src/core/scheduling/optimal-time.ts';
import { nextSendTime, openZones, type SendingWindow } from '../../src/core/scheduling/windows.ts';

const at = (iso: string) => new Date(iso);
const weekdays: SendingWindow[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({ day, time_range: '09:00-17:00' }));
const DENVER = 'America/Denver';
const BERLIN = 'Europe/Berlin';
const NY = 'America/New_York';

describe('nextSendTime, on the recipient’s clock', () => {
  it('sends now inside the window, and waits for its opening outside it', () => {
    const now = at('2026-03-10T14:00:00Z'); // Tuesday: 08:00 in Denver, 15:00 in Berlin
    expect(nextSendTime(now, weekdays, BERLIN)).toBe(now);
    expect(nextSendTime(now, weekdays, DENVER).toISOString()).toBe('2026-03-10T15:00:00.000Z');
  });

  it('opens at 09:00 local on both sides of the US spring change (2026-03-08)', () => {
    // Friday 2026-03-06 18:00 in New York (EST, UTC-5) → Monday 09:00 EDT (UTC-4).
    expect(nextSendTime(at('2026-03-06T23:00:00Z'), weekdays, NY).toISOString()).toBe('2026-03-09T13:00:00.000Z');
    // The Monday before the change, the same 09:00 was 14:00 UTC.
    expect(nextSendTime(at('2026-02-27T23:00:00Z'), weekdays, NY).toISOString()).toBe('2026-03-02T14:00:00.000Z');
    // Denver: 09:00 MST = 16:00 UTC before, 09:00 MDT = 15:00 UTC after.
    expect(nextSendTime(at('2026-03-06T02:00:00Z'), weekdays, DENVER).toISOString()).toBe('2026-03-06T16:00:00.000Z');
    expect(nextSendTime(at('2026-03-09T02:00:00Z'), weekdays, DENVER).toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

  it('opens at 09:00 local on both sides of the EU spring change (2026-03-29)', () => {
    expect(nextSendTime(at('2026-03-27T17:00:00Z'), weekdays, BERLIN).toISOString()).toBe('2026-03-30T07:00:00.000Z'); // CEST
    expect(nextSendTime(at('2026-03-20T17:00:00Z'), weekdays, BERLIN).toISOString()).toBe('2026-03-23T08:00:00.000Z'); // CET
  });

  it('opens at 09:00 local on both sides of the autumn changes (EU 2026-10-25, US 2026-11-01)', () => {
    expect(nextSendTime(at('2026-10-23T17:00:00Z'), weekdays, BERLIN).toISOString()).toBe('2026-10-26T08:00:00.000Z'); // CET again
    expect(nextSendTime(at('2026-10-30T23:00:00Z'), weekdays, NY).toISOString()).toBe('2026-11-02T14:00:00.000Z'); // EST again
    expect(nextSendTime(at('2026-10-31T02:00:00Z'), weekdays, DENVER).toISOString()).toBe('2026-11-02T16:00:00.000Z'); // MST again
  });

  it('keeps each zone’s own 09:00 in the weeks the US and the EU disagree', () => {
    // 2026-03-16: the US is on summer time, the EU not yet: New York is 5 hours behind Berlin.
    const monday = at('2026-03-16T05:00:00Z');
    const ny = nextSendTime(monday, weekdays, NY);
    const berlin = nextSendTime(monday, weekdays, BERLIN);
    expect(ny.toISOString()).toBe('2026-03-16T13:00:00.000Z');
    expect(berlin.toISOString()).toBe('2026-03-16T08:00:00.000Z');
    expect(ny.getTime() - berlin.getTime()).toBe(5 * 3600_000);
    expect(localSlot(ny, NY)).toEqual({ day: 'Monday', hour: 9 });
    expect(localSlot(berlin, BERLIN)).toEqual({ day: 'Monday', hour: 9 });
  });

  it("falls back to the server's zone for an unknown or unusable zone", () => {
    const server = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = at('2026-03-10T02:00:00Z');
    expect(nextSendTime(now, weekdays, null)).toEqual(nextSendTime(now, weekdays, server));
    expect(nextSendTime(now, weekdays, 'Mountain Time')).toEqual(nextSendTime(now, weekdays, server));
  });
});

describe('openZones', () => {
  it('says which waiting recipients’ windows are open, and when the last one closes', () => {
    const now = at('2026-03-10T14:00:00Z');
    const open = openZones(now, weekdays, [DENVER, BERLIN, 'Europe/London', DENVER]);
    expect(open.zones.sort()).toEqual([BERLIN, 'Europe/London']);
    expect(open.unknown).toBe(false);
    expect(open.closesAt?.toISOString()).toBe('2026-03-10T17:00:00.000Z'); // 17:00 in London
  });

  it('opens everything, and never closes, without windows', () => {
    expect(openZones(at('2026-03-10T03:00:00Z'), [], [DENVER, null])).toEqual({ zones: [DENVER], unknown: true });
  });
});
