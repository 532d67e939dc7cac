import { describe, expect, it } from 'vitest';
import { twoZoneTime } from '../../src/core/scheduling/send-time-text.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z'); // a Monday

describe('twoZoneTime', () => {
  it("gives the recipient's time, then the reader's", () => {
    expect(twoZoneTime('2026-11-24T17:00:00Z', 'America/Denver', 'Europe/Berlin', NOW)).toBe('Tue 10:00 in Denver · 18:00 your time');
  });
  it("names the reader's day when it differs, and the date a week or more away", () => {
    expect(twoZoneTime('2026-11-24T05:00:00Z', 'America/Denver', 'Europe/Berlin', NOW)).toBe('Mon 22:00 in Denver · Tue 06:00 your time');
    expect(twoZoneTime('2026-12-03T16:00:00Z', 'America/Los_Angeles', 'Europe/Berlin', NOW)).toBe('Thu 3 Dec 08:00 in Los Angeles · 17:00 your time');
  });
  it('says once when both clocks agree', () => {
    expect(twoZoneTime('2026-11-24T08:00:00Z', 'Europe/Berlin', 'Europe/Berlin', NOW)).toBe('Tue 09:00 in Berlin (your time too)');
  });
});
