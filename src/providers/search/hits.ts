// Helpers for the answers of search services: a usable http(s) URL, one hit per hostname.
import type { SearchHit } from '../../core/model/providers.ts';
import { normaliseHostname } from '../../core/pipeline/store.ts';

/** An absolute http(s) URL from a search answer, or undefined (no guessing for API data). */
export function httpUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const url = new URL(raw.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** What a page of `candidates` results left out: those without a usable website, and second listings of one. */
export function skippedOf(candidates: number, withWebsite: number, kept: number): { noWebsite: number; duplicates: number } {
  return { noWebsite: Math.max(0, candidates - withWebsite), duplicates: Math.max(0, withWebsite - kept) };
}

/** Keeps the first hit per hostname (a business with two listings is one lead). */
export function dedupeByHost(hits: SearchHit[]): SearchHit[] {
  const seen = new Set<string | undefined>();
  return hits.filter((hit) => {
    const key = normaliseHostname(hit.url);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
