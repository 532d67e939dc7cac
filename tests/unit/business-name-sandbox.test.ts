// The business name the analyser reads on every sandbox site, against the name the sandbox gave
// the business: all of them, and never a hostname, a slogan or the sandbox's tagline.
import { describe, expect, it } from 'vitest';
import { isHostname, isSlogan } from '../../src/core/pipeline/analyze/name-shapes.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { sandboxCrawl, sandboxSites } from '../support/sandbox-crawl.ts';

describe('business names on the sandbox', () => {
  it('reads the name of every sandbox business whose site answers', () => {
    const wrong: string[] = [];
    let read = 0;
    for (const site of sandboxSites()) {
      const crawl = sandboxCrawl(site);
      if (!crawl.home) continue;
      const facts = extractFacts(crawl);
      if (facts.site_state !== 'ok') continue;
      read++;
      const name = facts.business_name;
      if (name?.toLowerCase() !== site.name.toLowerCase()) wrong.push(`${site.slug}: ${JSON.stringify(name ?? null)} for ${JSON.stringify(site.name)}`);
      if (name) {
        expect(isHostname(name), name).toBe(false);
        expect(isSlogan(name), name).toBe(false);
      }
    }
    console.log(`sandbox names: ${read - wrong.length}/${read} right`);
    expect(read).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 120_000);
});
