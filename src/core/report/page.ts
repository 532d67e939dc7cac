// The report page as its owner reads it: one self-contained HTML document (its only styles
// inline, allowed by their hash; no script; images only the two screenshots from this
// server), every text from the crawl, the audit or the settings escaped. Only what was
// measured is shown: a metric without a value has no row, an unmeasured audit no numbers.
import { createHash } from 'node:crypto';
import { bandedMetrics, formatBytes, formatValue, THRESHOLDS, type MetricId } from '../audit/bands.ts';
import { pagespeedUrl } from '../audit/pagespeed-link.ts';
import { escapeHtml } from '../html.ts';
import type { MeasuredAudit } from '../model/audit.ts';
import { reportPaths } from './link.ts';
import { conditionsIn, fill, meaningOf, reportPhrases, type ReportLanguage, type ReportPhrases } from './phrases.ts';
import type { ReportData } from './service.ts';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1d2433;background:#f4f6f9}
a{color:#1a56b8}
.wrap{max-width:60rem;margin:0 auto;padding:0 1.25rem}
header.top{background:#fff;border-bottom:1px solid #e3e7ee;padding:2rem 0 1.5rem}
.kicker{margin:0;text-transform:uppercase;letter-spacing:.08em;font-size:.78rem;font-weight:600;color:#5b6577}
h1{margin:.25rem 0 .25rem;font-size:1.9rem;line-height:1.2}
.site{margin:0;color:#3d4657;word-break:break-all}
.meta{margin:.35rem 0 0;color:#5b6577;font-size:.9rem}
main{padding:1.5rem 0 2rem}
.intro{margin:0 0 1.5rem;font-size:1.05rem}
section{background:#fff;border:1px solid #e3e7ee;border-radius:12px;padding:1.25rem;margin:0 0 1.25rem}
h2{margin:0 0 .75rem;font-size:1.25rem}
h3{margin:1.25rem 0 .5rem;font-size:1.05rem}
.shots{display:grid;grid-template-columns:1fr;gap:1rem;align-items:start}
figure{margin:0}
figure img{display:block;width:100%;height:auto;border:1px solid #d5dae3;border-radius:8px;background:#eef1f5}
figure.phone{max-width:11rem;margin:0 auto}
figcaption{margin-top:.4rem;font-size:.85rem;color:#5b6577;text-align:center}
.noshot{border:1px dashed #c5ccd8;border-radius:8px;padding:3rem 1rem;text-align:center;color:#5b6577;font-size:.9rem}
.cond{margin:0 0 1rem;color:#3d4657;font-size:.92rem}
ul.metrics,ul.findings{list-style:none;margin:0;padding:0}
.metric{border:1px solid #e3e7ee;border-left:6px solid #8a94a6;border-radius:8px;padding:.75rem .9rem;margin:0 0 .75rem}
.metric.good{border-left-color:#1e8e4e}
.metric.needs_improvement{border-left-color:#c98a00}
.metric.poor{border-left-color:#c62d25}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .75rem}
.label{font-weight:600;flex:1 1 12rem}
.value{font-size:1.35rem;font-weight:700;font-variant-numeric:tabular-nums}
.band{font-size:.78rem;font-weight:700;padding:.12rem .55rem;border-radius:999px;background:#eef1f5;color:#3d4657}
.good .band{background:#e3f4ea;color:#156b3b}
.needs_improvement .band{background:#fdf1d8;color:#7a5400}
.poor .band{background:#fbe4e2;color:#a3231c}
.meaning{margin:.45rem 0 .25rem}
.threshold{margin:0;font-size:.82rem;color:#5b6577}
dl.facts{display:grid;grid-template-columns:1fr;gap:.1rem 1rem;margin:0}
dl.facts dt{font-weight:600;margin-top:.5rem}
dl.facts dd{margin:0;color:#3d4657}
.findings li{border-top:1px solid #e3e7ee;padding:.75rem 0}
.findings li:first-child{border-top:0;padding-top:0}
.claim{margin:0;font-weight:600}
.evidence{margin:.25rem 0 0;color:#3d4657;font-size:.92rem;overflow-wrap:anywhere}
.note{margin:0 0 .75rem;color:#5b6577;font-size:.88rem}
.button{display:inline-block;margin-top:.25rem;padding:.6rem 1rem;border-radius:8px;background:#1a56b8;color:#fff;text-decoration:none;font-weight:600}
footer{border-top:1px solid #e3e7ee;background:#fff;padding:1.5rem 0 2.5rem;color:#3d4657;font-size:.92rem}
footer p{margin:.3rem 0}
.small{font-size:.8rem;color:#5b6577}
.plain{max-width:32rem;margin:4rem auto;padding:0 1.25rem}
@media (min-width:44rem){
.shots{grid-template-columns:15rem 1fr}
figure.phone{max-width:15rem;margin:0}
dl.facts{grid-template-columns:max-content 1fr}
dl.facts dt,dl.facts dd{margin-top:.35rem}
h1{font-size:2.3rem}
}
`;

/** The Content-Security-Policy of the report pages: nothing but this page's own style and this server's images. */
export const REPORT_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DATE_LOCALES: Record<ReportLanguage, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', pt: 'pt-PT', it: 'it-IT', nl: 'nl-NL', pl: 'pl-PL' };
const date = (d: Date, language: ReportLanguage) => new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(d);

const e = escapeHtml;

function document(language: string, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${e(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">` +
    `<title>${e(title)}</title><style>${CSS}</style></head><body>${body}</body></html>`
  );
}

/** The page an unknown, tampered or expired link gets: plain, saying nothing about any lead. */
export function reportUnavailablePage(expired: boolean): string {
  const title = expired ? 'This report has expired' : 'This report is not available';
  const text = expired
    ? 'The link to this website report is no longer valid. Reply to the email it came with if you would like a fresh one.'
    : 'This link is not valid, or the report it led to is no longer available.';
  return document('en', title, `<div class="plain"><h1>${e(title)}</h1><p>${e(text)}</p></div>`);
}

function thresholdLine(metric: MetricId, p: ReportPhrases): string {
  const t = THRESHOLDS[metric];
  const limits = t.higherIsBetter ? `${p.goodWord} ≥ ${t.good} · ${p.poorWord} < ${t.poor}` : `${p.goodWord} ≤ ${formatValue(metric, t.good)} · ${p.poorWord} > ${formatValue(metric, t.poor)}`;
  return `<p class="threshold">${e(limits)} — <a href="${e(t.source)}" rel="noopener noreferrer">${e(p.thresholdBy)}</a></p>`;
}

function metricsSection(a: MeasuredAudit, language: ReportLanguage, p: ReportPhrases): string {
  const rows = bandedMetrics(a).map(
    (m) =>
      `<li class="metric ${m.band}"><div class="head"><span class="label">${e(p.metrics[m.metric].label)}</span>` +
      `<span class="value">${e(formatValue(m.metric, m.value))}</span><span class="band">${e(p.bands[m.band])}</span></div>` +
      `<p class="meaning">${e(meaningOf(m.metric, m.band, language))}</p>${thresholdLine(m.metric, p)}</li>`,
  );
  const facts: [string, string][] = [];
  if (a.total_bytes !== null) facts.push([p.pageWeight, formatBytes(a.total_bytes)]);
  if (a.image_savings_bytes !== null && a.image_savings_bytes > 0) facts.push([p.imageSavings, formatBytes(a.image_savings_bytes)]);
  facts.push([p.https, !a.is_https ? p.httpsNo : a.mixed_content?.length ? p.httpsMixed : p.httpsYes]);
  const conditions = fill(p.conditions, { conditions: conditionsIn(a.device, a.throttling, language), version: a.lighthouse_version });
  return (
    `<section id="numbers"><h2>${e(p.numbers)}</h2><p class="cond">${e(conditions)}</p>` +
    (rows.length ? `<ul class="metrics">${rows.join('')}</ul>` : '') +
    `<h3>${e(p.other)}</h3><dl class="facts">${facts.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl></section>`
  );
}

function screenshotsSection(r: ReportData, p: ReportPhrases): string {
  const shot = (kind: 'mobile' | 'desktop', caption: string) => {
    const img = r.audit.screenshots[kind]
      ? `<img src="${e(reportPaths.screenshot(r.token, kind))}" alt="${e(`${r.businessName}: ${caption}`)}">`
      : `<div class="noshot">${e(p.noScreenshot)}</div>`;
    return `<figure class="${kind === 'mobile' ? 'phone' : 'desktop'}">${img}<figcaption>${e(caption)}</figcaption></figure>`;
  };
  return `<section id="screenshots"><h2>${e(p.screenshots)}</h2><div class="shots">${shot('mobile', p.onPhone)}${shot('desktop', p.onDesktop)}</div></section>`;
}

function findingsSection(r: ReportData, p: ReportPhrases): string {
  if (!r.findings.length) return '';
  const items = r.findings.map((f) => `<li><p class="claim">${e(f.claim)}</p><p class="evidence">${e(p.evidence)}: ${e(f.evidence)}</p></li>`);
  const note = r.language === 'en' ? '' : `<p class="note">${e(p.findingsInEnglish)}</p>`;
  return `<section id="findings"><h2>${e(p.findings)}</h2>${note}<ul class="findings">${items.join('')}</ul></section>`;
}

function footer(r: ReportData, p: ReportPhrases): string {
  const s = r.sender;
  const lines: string[] = [];
  if (s.name) lines.push(`<p><strong>${e(fill(p.preparedBy, { name: s.name }))}</strong></p>`);
  if (s.email) {
    const [before, after = ''] = p.contact.split('{email}');
    lines.push(`<p>${e(before)}<a href="mailto:${e(s.email)}">${e(s.email)}</a>${e(after)}</p>`);
  }
  if (s.postalAddress) lines.push(`<p>${e(s.postalAddress)}</p>`);
  lines.push(
    r.unsubscribePath
      ? `<p>${e(p.unsubscribeText)} <a id="unsubscribe" href="${e(r.unsubscribePath)}">${e(p.unsubscribe)}</a></p>`
      : `<p>${e(p.noUnsubscribe)}</p>`,
  );
  lines.push(`<p class="small">${e(fill(p.expires, { date: date(r.expiresAt, r.language) }))}</p>`);
  return `<footer><div class="wrap">${lines.join('')}</div></footer>`;
}

/** The whole report page for one lead. */
export function renderReportPage(r: ReportData): string {
  const p = reportPhrases(r.language);
  const a = r.audit.audit;
  const measuredAt = new Date(a.measured_at);
  const header =
    `<header class="top"><div class="wrap"><p class="kicker">${e(p.kicker)}</p><h1>${e(r.businessName)}</h1>` +
    `<p class="site">${e(r.url)}</p>` +
    (Number.isNaN(measuredAt.getTime()) ? '' : `<p class="meta">${e(fill(p.measuredOn, { date: date(measuredAt, r.language) }))}</p>`) +
    `</div></header>`;
  let body: string;
  if (a.measured) {
    const check = pagespeedUrl(a.final_url || a.url);
    body =
      `<p class="intro">${e(p.intro)}</p>` +
      screenshotsSection(r, p) +
      metricsSection(a, r.language, p) +
      findingsSection(r, p) +
      (check ? `<section id="check"><h2>${e(p.check)}</h2><p>${e(p.checkText)}</p><a class="button" href="${e(check)}" rel="noopener noreferrer">${e(p.checkLink)}</a></section>` : '');
  } else {
    body = `<section><p>${e(fill(p.notMeasured, { reason: a.reason }))}</p></section>` + findingsSection(r, p);
  }
  return document(r.language, `${p.kicker}: ${r.businessName}`, `${header}<main class="wrap">${body}</main>${footer(r, p)}`);
}
