// The "check it yourself" link: Google's PageSpeed Insights page for the audited URL, where
// anyone (the agency, the owner) can run the same measurement and see the same bands.

const PAGESPEED_ANALYSIS = 'https://pagespeed.web.dev/analysis';

/** https://pagespeed.web.dev/analysis?url=<the URL, encoded>; null for a URL PSI cannot fetch (not http or https). */
export function pagespeedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return `${PAGESPEED_ANALYSIS}?url=${encodeURIComponent(parsed.href)}`;
}
