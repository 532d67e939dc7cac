// The visible text of the crawled pages, for the AI: scripts, styles and markup removed,
// whitespace collapsed, bounded in size. It is untrusted input and is treated as such.
import { load } from 'cheerio';
import type { CrawlResult } from '../../model/crawl.ts';

export function pageText(crawl: CrawlResult, limit = 12_000): string {
  const parts: string[] = [];
  for (const page of crawl.pages) {
    const $ = load(page.html);
    $('script, style, noscript, template, svg').remove();
    const text = $('body').text().replace(/\s+/g, ' ').trim();
    if (text) parts.push(`[${page.kind}] ${text}`);
  }
  return parts.join('\n').slice(0, limit);
}
