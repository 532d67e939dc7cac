// THE time zone rule: each lead's zone from its address, city or country, else the campaign's
// location, with the evidence it came from — and no zone where a place has several clocks.
import { describe, expect, it } from 'vitest';
import { recipientZone, zoneEvidence } from '../../src/core/scheduling/recipient-zone.ts';

describe('recipientZone', () => {
  it("reads the lead's address first, and says so", () => {
    expect(recipientZone({ address: '1550 Larimer St, Denver, CO 80202', city: 'Denver', state: 'CO', country: 'United States', campaignLocation: 'Austin, TX' })).toEqual({
      timezone: 'America/Denver',
      source: "analysis: address '1550 Larimer St, Denver, CO 80202'",
    });
    expect(recipientZone({ address: 'Torstraße 1, 10119 Berlin, Germany' })).toEqual({ timezone: 'Europe/Berlin', source: "analysis: address 'Torstraße 1, 10119 Berlin, Germany'" });
  });

  it('uses the city over its state: El Paso keeps Mountain time although most of Texas is Central', () => {
    expect(recipientZone({ address: '100 N Oregon St, El Paso, TX 79901' }).timezone).toBe('America/Denver');
    expect(recipientZone({ city: 'Austin', state: 'Texas', country: 'United States' })).toEqual({ timezone: 'America/Chicago', source: "analysis: city 'Austin, Texas, United States'" });
  });

  it('takes a country with one clock as a zone', () => {
    expect(recipientZone({ country: 'Germany' })).toEqual({ timezone: 'Europe/Berlin', source: "analysis: country 'Germany'" });
    expect(recipientZone({ country: 'DE' }).timezone).toBe('Europe/Berlin');
  });

  it('refuses a country or state with several clocks and no city, and falls back to the campaign location', () => {
    expect(recipientZone({ country: 'United States' })).toEqual({
      timezone: null,
      source: "unknown (United States of America spans several time zones): the server's time zone is used",
    });
    expect(recipientZone({ state: 'TX', country: 'US' }).timezone).toBeNull();
    expect(recipientZone({ country: 'Spain' }).source).toContain('Spain spans several time zones');
    expect(recipientZone({ country: 'United States', campaignLocation: 'Austin, TX' })).toEqual({
      timezone: 'America/Chicago',
      source: "campaign location 'Austin, TX' (United States of America spans several time zones)",
    });
  });

  it('does not take a city name shared by places in several zones', () => {
    expect(recipientZone({ city: 'Springfield' }).timezone).toBeNull();
    expect(recipientZone({ city: 'Springfield', state: 'IL', country: 'US' }).timezone).toBe('America/Chicago');
  });

  it("credits the campaign when the lead's city is only the campaign's location", () => {
    // The heuristic analyser fills city and state from the campaign when the site names none.
    expect(recipientZone({ city: 'Austin', state: 'TX', country: 'United States', campaignLocation: 'Austin, TX' })).toEqual({ timezone: 'America/Chicago', source: "campaign location 'Austin, TX'" });
  });

  it('reads campaign locations as people type them', () => {
    for (const [location, zone] of [
      ['Denver, CO', 'America/Denver'],
      ['Denver, Colorado, USA', 'America/Denver'],
      ['Berlin, Germany', 'Europe/Berlin'],
      ['Portland, OR', 'America/Los_Angeles'],
      ['Portland, ME', 'America/New_York'],
      ['Germany', 'Europe/Berlin'],
    ] as const) {
      expect(recipientZone({ campaignLocation: location }), location).toEqual({ timezone: zone, source: `campaign location '${location}'` });
    }
  });

  it('says why when nothing names a zone', () => {
    expect(recipientZone({})).toEqual({ timezone: null, source: "unknown (no address, city or country on the lead or the campaign): the server's time zone is used" });
  });
});

describe('zoneEvidence', () => {
  it('keeps recorded evidence, and says when a stored zone cannot be used', () => {
    expect(zoneEvidence('America/Denver', "campaign location 'Denver, CO'")).toBe("campaign location 'Denver, CO'");
    expect(zoneEvidence('Mountain Time', 'analysis')).toBe("unknown ('Mountain Time' is not a time zone): the server's time zone is used");
    expect(zoneEvidence(null, null)).toBe("unknown (not analysed yet): the server's time zone is used");
  });
});
