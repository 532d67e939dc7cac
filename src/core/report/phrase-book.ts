// What the report page says in each language: the languages and the shape of one language's
// words (phrases.ts holds English, Spanish, French and German; phrases-more.ts the others).
import type { MetricId } from '../audit/bands.ts';

export const REPORT_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export interface ReportPhrases {
  kicker: string;
  intro: string;
  measuredOn: string;
  screenshots: string;
  onPhone: string;
  onDesktop: string;
  noScreenshot: string;
  numbers: string;
  conditions: string;
  bands: Record<'good' | 'needs_improvement' | 'poor', string>;
  /** "good ≤ 2.5 s · poor > 4.0 s": the words for the two limits. */
  goodWord: string;
  poorWord: string;
  thresholdBy: string;
  goodMeaning: string;
  metrics: Record<MetricId, { label: string; meaning: string }>;
  other: string;
  pageWeight: string;
  imageSavings: string;
  https: string;
  httpsYes: string;
  httpsNo: string;
  httpsMixed: string;
  findings: string;
  /** Said above crawl findings on a page not in English: the analyser records them in English. */
  findingsInEnglish: string;
  evidence: string;
  check: string;
  checkText: string;
  checkLink: string;
  notMeasured: string;
  preparedBy: string;
  contact: string;
  unsubscribeText: string;
  unsubscribe: string;
  noUnsubscribe: string;
  expires: string;
  /** Words in Lighthouse's conditions ("mobile, simulated slow 4G, one lab run"). */
  conditionWords: Record<'phone' | 'desktop' | 'slow4g' | 'fast' | 'devtools' | 'none' | 'oneRun' | 'medianRuns', string>;
}
