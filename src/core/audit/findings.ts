// What a measured audit lets an email say: the metrics in a public "poor" band, each as a
// finding with its number, the conditions it was measured under and the threshold's source.
// Only a measured value in the poor band becomes a finding (a "needs improvement" LCP is true
// but no owner would act on it); an unmeasured audit gives none. The writer may print only the
// finding's `value`: seconds and megabytes rounded to one decimal, the score as it is.
import type { Finding } from '../model/analysis.ts';
import type { SiteAudit } from '../model/audit.ts';
import { bandOf, bandSentence, conditionsOf, formatBytes, THRESHOLDS } from './bands.ts';

/**
 * Lighthouse's own line for a heavy page: it flags total network payloads over 5,000 KiB
 * (the median page is about 1,700-1,900 KiB, from the HTTP Archive).
 */
export const HEAVY_PAGE_BYTES = 5000 * 1024;
export const HEAVY_PAGE_SOURCE = 'https://developer.chrome.com/docs/lighthouse/performance/total-byte-weight';

/** One lab run is one measurement: the findings say so by a confidence below the crawl's certainties. */
const LAB_CONFIDENCE = 0.9;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function auditFindings(audit: SiteAudit | null | undefined): Finding[] {
  if (!audit?.measured || audit.device !== 'mobile') return [];
  const how = `Lighthouse ${audit.lighthouse_version}${audit.source === 'psi' ? ' on PageSpeed Insights' : ''}, ${audit.measured_at.slice(0, 10)}`;
  const url = audit.final_url || audit.url;
  const out: Finding[] = [];
  const poor = (metric: 'lcp_ms' | 'cls' | 'performance') => bandOf(metric, audit[metric]) === 'poor';
  const banded = (metric: 'lcp_ms' | 'cls' | 'performance') => `${bandSentence(metric, audit[metric]!, conditionsOf(audit))} (${THRESHOLDS[metric].source}); ${how}`;

  if (poor('lcp_ms')) {
    const seconds = oneDecimal(audit.lcp_ms! / 1000);
    out.push({ id: 'slow_mobile', claim: `The home page takes ${seconds} s to show its main content on a phone`, evidence: banded('lcp_ms'), url, confidence: LAB_CONFIDENCE, value: seconds });
  }
  if (poor('cls')) {
    out.push({ id: 'layout_shift', claim: 'The home page visibly shifts while it loads on a phone', evidence: banded('cls'), url, confidence: LAB_CONFIDENCE, value: null });
  }
  if (audit.total_bytes !== null && audit.total_bytes > HEAVY_PAGE_BYTES) {
    const megabytes = oneDecimal(audit.total_bytes / 1_000_000);
    const images = audit.image_savings_bytes ? `; images could be ${formatBytes(audit.image_savings_bytes)} smaller` : '';
    out.push({
      id: 'heavy_page',
      claim: `The home page downloads ${megabytes} MB`,
      evidence: `Total page weight ${formatBytes(audit.total_bytes)} ${conditionsOf(audit)}${images}: Lighthouse flags pages over 5,000 KiB (${HEAVY_PAGE_SOURCE}); ${how}`,
      url,
      confidence: LAB_CONFIDENCE,
      value: megabytes,
    });
  }
  if (poor('performance')) {
    out.push({ id: 'low_performance', claim: `Lighthouse scores the home page ${audit.performance} out of 100 for performance on a phone`, evidence: banded('performance'), url, confidence: LAB_CONFIDENCE, value: audit.performance });
  }
  return out;
}
