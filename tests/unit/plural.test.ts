import { describe, expect, it } from 'vitest';
import { plural, pluralOf } from '../../src/core/plural.ts';

describe('plural', () => {
  it('says one thing and several things in plain English', () => {
    expect(plural(1, 'business')).toBe('1 business');
    expect(plural(4, 'business')).toBe('4 businesses');
    expect(plural(0, 'lead')).toBe('0 leads');
    expect(plural(2, 'company')).toBe('2 companies');
    expect(plural(3, 'day')).toBe('3 days');
    expect(plural(2, 'match')).toBe('2 matches');
    expect(plural(1200, 'row')).toBe('1,200 rows');
    expect(plural(2, 'new business')).toBe('2 new businesses');
    expect(plural(2, 'draft goes', 'drafts go')).toBe('2 drafts go');
    expect(plural(1, 'draft goes', 'drafts go')).toBe('1 draft goes');
  });
});
