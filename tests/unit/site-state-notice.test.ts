// The notice the lead's analysis shows for a home page that was not judged (web/src/components/leads/evidence.ts):
// what the state means, in the words the Findings panel shows above the facts.
import { describe, expect, it } from 'vitest';
import { SITE_STATES } from '../../src/core/model/analysis.ts';
import { siteStateNotice } from '../../web/src/components/leads/evidence.ts';

describe('the notice for a home page that was not judged', () => {
  it('says nothing of a page that was judged, and says why for every other state', () => {
    expect(siteStateNotice('ok')).toBeNull();
    expect(siteStateNotice(null)).toBeNull();
    for (const state of SITE_STATES.filter((s) => s !== 'ok')) expect(siteStateNotice(state), state).toMatch(/^The (?:home )?page .+\.$/);
  });

  it('says a business closing down for good is not written to', () => {
    expect(siteStateNotice('closing')).toBe('The home page says the business is closing down for good, so nothing is claimed and no email is written.');
  });
});
