// The visible text of the crawled pages, for the AI: one line per block (so neighbouring
// blocks never run together), bounded in size. It is untrusted input and is treated as such.
import type { CrawlResult } from '../../model/crawl.ts';
import { okPages, parse } from '../analyze/dom.ts';

export function pageText(crawl: CrawlResult, limit = 12_000): string {
  const parts: string[] = [];
  for (const page of okPages(crawl)) {
    const { text } = parse(page);
    if (text) parts.push(`[${page.kind}] ${text}`);
  }
  return parts.join('\n').slice(0, limit);
}
