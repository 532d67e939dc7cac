// Search results never carry "user:password@" into a lead: the same rule the list import applies.
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../src/core/model/providers.ts';
import { runSearch } from '../../src/core/pipeline/stages/search.ts';
import { hasCredentials, withoutCredentials } from '../../src/core/pipeline/store.ts';
import { normaliseUrl } from '../../src/core/leads/list-file.ts';

describe('credentials in result URLs', () => {
  it('are stripped from a search hit, and the rest of the address is kept', () => {
    expect(withoutCredentials('https://user:secret@shop.example/menu?x=1#top')).toBe('https://shop.example/menu?x=1#top');
    expect(withoutCredentials('http://user@shop.example/')).toBe('http://shop.example/');
    expect(withoutCredentials('https://:p%40ss@shop.example/')).toBe('https://shop.example/');
    expect(withoutCredentials('https://shop.example/a@b')).toBe('https://shop.example/a@b');
    expect(withoutCredentials('not a url')).toBe('not a url');
  });

  it('are the one rule the list import refuses by', () => {
    expect(hasCredentials(new URL('https://u:p@shop.example/'))).toBe(true);
    expect(hasCredentials(new URL('https://shop.example/'))).toBe(false);
    expect(normaliseUrl('https://u:p@shop.example/')).toEqual({ reason: 'URL contains credentials' });
  });

  it('never reach the leads the search stage creates, from a fresh search or from cached results', async () => {
    const hits: SearchHit[] = [
      { title: 'Bakery', url: 'https://admin:hunter2@bakery.example/' },
      { title: 'Florist', url: 'https://florist.example/shop' },
    ];
    for (const cached of [false, true]) {
      const added: SearchHit[][] = [];
      const saved: unknown[] = [];
      const campaign = { id: 1, searchQuery: 'bakers', location: null, maxResults: null, searchResults: cached ? hits : null };
      const deps = {
        campaigns: { find: async () => campaign, update: async (_id: number, patch: unknown) => void saved.push(patch) },
        searchProvider: async () => ({ id: 'fake', search: async () => ({ hits, hasMore: false }) }),
        store: { addLeads: async (_id: number, selected: SearchHit[]) => (added.push(selected), []), leadIds: async () => [] },
        events: { emit: async () => undefined },
        queue: { enqueue: async () => undefined },
        system: { get: async () => ({ max_retries: 3 }) },
        limits: { maxSearchPages: 1 },
      };
      await runSearch({ id: 1, campaignId: 1, leadId: null, stage: 'search', attempts: 0, payload: cached ? { fromCache: true } : null }, deps as never);
      expect(added[0].map((h) => h.url), `cached=${cached}`).toEqual(['https://bakery.example/', 'https://florist.example/shop']);
      expect(JSON.stringify(saved)).not.toContain('hunter2');
    }
  });
});
