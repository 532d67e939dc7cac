// `outreach pitch <url>` and `outreach pitch --html FILE --url URL`: the first email the
// pipeline would write for that site, exactly as the draft stage writes it (the same analysis,
// the audit where the URL is live, the name, the language, the configured writer, the claim
// checker, the score and the hold rules), with no lead stored: each cited finding with its
// sentence and evidence, the quality, or why it would not be written. No report page link (no lead).
import type { Command } from 'commander';
import type { PitchPreview } from '../../core/model/pitch.ts';
import { withContext } from '../context.ts';
import { printJson, printLine } from '../output/print.ts';
import { chosenUrl, crawlLive, runsOption, savedPage, type SiteOptions } from './site-input.ts';

const USAGE = 'say which site to preview a pitch for: outreach pitch https://example.com/ (or --html FILE --url URL for a saved page)';
const SAVED_PAGE = 'not audited: a saved page has no live site to measure';
const SKIPPED = 'not audited (--no-audit)';

const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
const dim = (text: string) => (colour ? `\x1b[2m${text}\x1b[22m` : text);
const bold = (text: string) => (colour ? `\x1b[1m${text}\x1b[22m` : text);

function printPreview(p: PitchPreview): void {
  printLine(bold(p.company_name ?? new URL(p.url).hostname));
  printLine(p.url);
  printLine(dim(`Writer: ${p.writer} · Site audit: ${p.audit.measured ? 'measured' : `not measured (${p.audit.reason})`}`));
  printLine('');
  if (!p.written) {
    printLine(`Not written: ${p.hold_reason}`);
    return;
  }
  printLine(`Subject: ${p.subject}`);
  printLine('');
  printLine(p.body ?? '');
  printLine('');
  printLine(bold(p.cited.length ? 'Cited:' : 'Cited: no finding'));
  for (const c of p.cited) {
    printLine(`  ${c.finding}: "${c.sentence}"`);
    printLine(dim(`    evidence: ${c.evidence}`));
  }
  printLine(`Quality: ${Math.round((p.quality ?? 0) * 100)}% (${p.quality_parts.filter((q) => q.passed).length} of ${p.quality_parts.length} checks passed)`);
  for (const q of p.quality_parts.filter((part) => !part.passed)) printLine(dim(`  ✗ ${q.name}: ${q.note}`));
  if (p.held) printLine(`Held for review: ${p.hold_reason}`);
}

export function registerPitch(program: Command): void {
  program
    .command('pitch [url]')
    .description('Preview the first email the pipeline would write for a website (or a saved page), stored nowhere')
    .option('--html <file>', 'write for this saved HTML page instead of crawling (needs --url)')
    .option('--url <url>', 'with --html: the address the page was saved from')
    .option('--json', 'print the preview as one JSON object')
    .option('--no-audit', 'skip the site audit (Lighthouse in Chromium): the email then rests on the crawl alone')
    .option('--runs <n>', 'Lighthouse runs, the middle one by performance score kept (default: the audit_runs setting, 1)')
    .addHelpText(
      'after',
      '\nExamples:\n  outreach pitch https://example.com/\n  outreach pitch --html saved.html --url https://example.com/ --json\n\n' +
        'The site is crawled, analysed and (when live) measured as a campaign would, then written to by the configured writer\n' +
        '(offline by default, Gemini with its key) and checked by the claim checker. A site that would not be written to says why.',
    )
    .action(async (arg: string | undefined, opts: SiteOptions) => {
      const url = chosenUrl(arg, opts, USAGE);
      runsOption(opts.runs); // a bad --runs is refused before any crawl
      const preview = await withContext(async (ctx) => {
        if (opts.html) return ctx.pitches.forCrawl(url, await savedPage(opts.html, url), undefined, SAVED_PAGE);
        const { crawl, audit } = await crawlLive(ctx, url, opts);
        return ctx.pitches.forCrawl(url, crawl, audit, SKIPPED);
      });
      if (opts.json) printJson(preview);
      else printPreview(preview);
    });
}
