// The audit as scripts and people read it: the measured values with their bands, the
// screenshots by name and size (the JPEGs themselves are large: written to files on request),
// or "not measured" with the reason. Nothing that was not measured appears as a number.
import type { MeasuredAudit, SiteAudit } from '../model/audit.ts';
import { bandedMetrics, type Band } from './bands.ts';

export type ScreenshotName = 'mobile' | 'desktop';

export type AuditSummary =
  | (Omit<MeasuredAudit, 'screenshots'> & {
      screenshots: ScreenshotName[];
      screenshot_bytes: Partial<Record<ScreenshotName, number>>;
      bands: Record<string, Band>;
      sentences: string[];
    })
  | { measured: false; url: string; reason: string; chromium_missing: boolean; measured_at: string; duration_ms: number };

/** The audit of a page that was never live (a saved file): nothing to measure. */
export function notAuditedSavedPage(url: string): SiteAudit {
  return { measured: false, url, reason: 'not audited: a saved page has no live site to measure', chromium_missing: false, measured_at: new Date().toISOString(), duration_ms: 0 };
}

/** Decoded size of a base64 payload, without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export function auditSummary(audit: SiteAudit): AuditSummary {
  if (!audit.measured) return audit;
  const { screenshots, ...rest } = audit;
  const names = (['mobile', 'desktop'] as const).filter((name) => screenshots[name]);
  const banded = bandedMetrics(audit);
  return {
    ...rest,
    screenshots: names,
    screenshot_bytes: Object.fromEntries(names.map((name) => [name, base64Bytes(screenshots[name]!.base64)])),
    bands: Object.fromEntries(banded.map((b) => [b.metric, b.band])),
    sentences: banded.map((b) => b.sentence),
  };
}
