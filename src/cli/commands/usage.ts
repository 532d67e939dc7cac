import type { Command } from 'commander';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

const n = (v: number) => v.toLocaleString('en-US');

export function registerUsage(program: Command): void {
  program
    .command('usage')
    .description('Usage against the quotas, and estimated costs')
    .option('--days <n>', 'summary window in days', '30')
    .option('--json', 'print {today, summary} as one JSON object')
    .action((opts: { days: string; json?: boolean }) =>
      withContext(async (ctx) => {
        // The input checks (zod schemas) load when the command runs, not for --help.
        const [{ parseInput }, { SummaryQuery }] = await Promise.all([import('../../core/model/validate.ts'), import('../../core/model/usage.ts')]);
        const { days } = parseInput(SummaryQuery, { days: opts.days });
        const today = await ctx.usage.today();
        const summary = await ctx.usage.summary(days);
        if (opts.json) return printJson({ today, summary });
        const q = today.quotas;
        printTable(
          [
            { quota: 'Emails (last 24 h)', used: n(today.emails_sent_today), limit: n(today.emails_quota_daily), status: q.email_daily.status, resets: `${q.email_daily.hours_until_reset} h` },
            { quota: 'Searches (this month)', used: n(today.serpapi_calls_this_month), limit: n(today.serpapi_quota_monthly), status: q.serpapi_monthly.status, resets: `${q.serpapi_monthly.hours_until_reset} h` },
            { quota: 'AI tokens (today, UTC)', used: n(today.gemini_tokens_today), limit: n(today.gemini_quota_daily_tokens), status: q.gemini_daily.status, resets: `${q.gemini_daily.hours_until_reset} h` },
          ],
          ['quota', 'used', 'limit', 'status', 'resets'],
        );
        printLine('');
        printLine(`Cost today: $${today.total_cost_today_usd.toFixed(4)}   last ${days} days: $${summary.total_cost_usd.toFixed(2)} (estimates)`);
        const rows = Object.entries(summary.by_service).flatMap(([service, s]) =>
          Object.entries(s.operations).map(([operation, count]) => ({ service, operation, count: n(count) })),
        );
        if (rows.length) printTable(rows, ['service', 'operation', 'count']);
      }),
    );
}
