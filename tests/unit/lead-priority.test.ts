import { describe, expect, it } from 'vitest';
import { normaliseHostname, priorityFor } from '../../src/core/pipeline/store.ts';

describe('lead priority from market_opportunity_score', () => {
  const thresholds = { high: 70, medium: 50 };
  it('is High from 70, Medium from 50, Low below', () => {
    expect([100, 70, 69.9, 50, 49, 0].map((s) => priorityFor(s, thresholds))).toEqual(['High', 'High', 'Medium', 'Medium', 'Low', 'Low']);
  });
});

describe('one business, one hostname', () => {
  it('ignores case, www. and a trailing dot, and refuses what is not a URL', () => {
    expect(normaliseHostname('https://WWW.LopezPlumbing.com./contact')).toBe('lopezplumbing.com');
    expect(normaliseHostname('not a url')).toBeUndefined();
  });
});
