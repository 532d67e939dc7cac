// The site audit in `outreach analyze`: the banded sentences and the other measured values,
// or "not measured" with the reason; the screenshots written to files on request.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { bandedMetrics } from '../../core/audit/bands.ts';
import { base64Bytes } from '../../core/audit/summary.ts';
// bands.ts, not view.ts: the view's API schemas (zod) stay out of `outreach --help`.
import { formatBytes } from '../../core/audit/bands.ts';
import type { FieldData, MeasuredAudit, SiteAudit } from '../../core/model/audit.ts';
import { invalid } from '../../core/errors.ts';
import { printLine } from '../output/print.ts';

const LABEL = 22;
const row = (label: string, value: string) => printLine(`  ${label.padEnd(LABEL)}${value}`);

const verdictWords = (v: 'pass' | 'fail' | null, pass: string, fail: string) => (v === null ? 'not measured' : v === 'pass' ? pass : fail);

/** Writes each screenshot as <dir>/<host>-<name>.jpg; returns name -> path. */
export async function writeScreenshots(audit: SiteAudit, dir: string): Promise<Record<string, string>> {
  if (!audit.measured) return {};
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw invalid(`cannot write screenshots to ${dir}: ${(error as Error).message}`);
  }
  const host = new URL(audit.final_url || audit.url).host.replace(/[^a-z0-9.-]+/gi, '_');
  const files: Record<string, string> = {};
  for (const name of ['mobile', 'desktop'] as const) {
    const shot = audit.screenshots[name];
    if (!shot) continue;
    const path = resolve(join(dir, `${host}-${name}.jpg`));
    await writeFile(path, Buffer.from(shot.base64, 'base64'));
    files[name] = path;
  }
  return files;
}

const BAND_WORDS = { good: 'good', needs_improvement: 'needs improvement', poor: 'poor' } as const;

/** The Chrome UX Report's figures, said as what they are: real users' visits, not a lab run. */
function printField(field: FieldData | undefined, bold: (s: string) => string): void {
  if (!field) {
    printLine(`  ${'Field data'.padEnd(LABEL)}none: Google has too few visits to this page and site to report real users' figures`);
    return;
  }
  printLine(bold(`Field data: ${field.label} (Chrome UX Report, 75th percentile)`));
  const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
  const metrics = [
    ['LCP (largest content)', field.lcp_ms, seconds],
    ['CLS (layout shift)', field.cls, (v: number) => v.toFixed(2)],
    ['INP (responsiveness)', field.inp_ms, seconds],
    ['FCP (first content)', field.fcp_ms, seconds],
  ] as const;
  for (const [label, metric, format] of metrics) if (metric) row(label, `${format(metric.p75)}: ${BAND_WORDS[metric.band]}`);
  if (field.overall) row('Core Web Vitals', BAND_WORDS[field.overall]);
}

function printMeasured(a: MeasuredAudit, bold: (s: string) => string, files: Record<string, string>): void {
  const by = a.source === 'psi' ? `Google PageSpeed Insights, Lighthouse ${a.lighthouse_version}` : `Lighthouse ${a.lighthouse_version}`;
  printLine(bold(`Site audit (${by}, ${a.throttling}; took ${(a.duration_ms / 1000).toFixed(1)} s)`));
  for (const b of bandedMetrics(a)) printLine(`  ${b.sentence}`);
  if (a.total_bytes !== null) row('Page weight', `${formatBytes(a.total_bytes)}${a.image_savings_bytes ? ` (images could be ${formatBytes(a.image_savings_bytes)} smaller)` : ''}`);
  if (a.render_blocking) {
    const n = a.render_blocking.items.length;
    row('Render-blocking', n === 0 ? 'none' : `${n} file${n === 1 ? '' : 's'} hold up the first paint${a.render_blocking.wasted_ms ? ` (Lighthouse estimates ${(a.render_blocking.wasted_ms / 1000).toFixed(1)} s could be saved)` : ''}`);
  } else row('Render-blocking', 'not measured (Lighthouse could not compute it in this Chromium)');
  row('HTTPS', a.is_https ? (a.mixed_content?.length ? `Yes, but ${a.mixed_content.length} resource(s) load over plain http` : 'Yes') : 'No: browsers mark the page "Not secure"');
  row('Title', verdictWords(a.title, 'present', 'missing'));
  row('Meta description', verdictWords(a.meta_description, 'present', 'missing'));
  row('Tap targets', verdictWords(a.tap_targets, 'big enough', 'too small or too close'));
  row('Font sizes', verdictWords(a.font_size, 'legible on a phone', 'too small on a phone'));
  const shots = (['mobile', 'desktop'] as const).filter((n) => a.screenshots[n]);
  row('Screenshots', shots.length ? shots.map((n) => (files[n] ? `${n}: ${files[n]}` : `${n} (${formatBytes(base64Bytes(a.screenshots[n]!.base64))}; --screenshots DIR writes it)`)).join(', ') : 'none');
  if (a.source === 'psi') printField(a.field, bold);
}

export function printAudit(audit: SiteAudit | undefined, bold: (s: string) => string, files: Record<string, string> = {}): void {
  if (!audit) return;
  if (audit.measured) printMeasured(audit, bold, files);
  else printLine(`${bold('Site audit')}: not measured — ${audit.reason}`);
}
