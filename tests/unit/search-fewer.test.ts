// Why a search found fewer businesses than max_results asked for, from what the search service
// answered (core/pipeline/stages/search.ts).
import { describe, expect, it } from 'vitest';
import { fewerFound } from '../../src/core/pipeline/stages/search.ts';

const answer = (o: Partial<Parameters<typeof fewerFound>[2] & object> = {}) => ({ results: 1, noWebsite: 0, duplicates: 0, pages: 1, exhausted: true, ...o });

describe('fewerFound', () => {
  it('says the search returned only so many results', () => {
    expect(fewerFound(1, 10, answer(), 5)).toBe('Found 1 business (asked for 10): the search returned only 1 result');
  });

  it('says how many had no website or were second listings of one', () => {
    expect(fewerFound(1, 10, answer({ results: 10, noWebsite: 8, duplicates: 1 }), 5)).toBe(
      'Found 1 business (asked for 10): the search returned only 10 results; of those, 8 had no website and 1 was a second listing of a website already found',
    );
    expect(fewerFound(3, 10, answer({ results: 5, duplicates: 2 }), 5)).toBe(
      'Found 3 businesses (asked for 10): the search returned only 5 results; of those, 2 were second listings of a website already found',
    );
  });

  it('says the run stopped at its page limit when the service had more', () => {
    expect(fewerFound(40, 100, answer({ results: 50, noWebsite: 10, pages: 5, exhausted: false }), 5)).toBe(
      'Found 40 businesses (asked for 100): the search stops after 5 pages of results (50 results); of those, 10 had no website',
    );
  });

  it('says the saved results hold no more when a restart asks for more than the first search found', () => {
    expect(fewerFound(10, 12, undefined, 5)).toBe('Found 10 businesses (asked for 12): the saved search results hold only those 10');
  });
});
