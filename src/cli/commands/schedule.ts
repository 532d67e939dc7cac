import type { Command } from 'commander';
import { invalid } from '../../core/errors.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

export function registerSchedule(program: Command): void {
  const schedule = program.command('schedule').description('Recurring campaign runs, fired by `outreach serve` (cron expressions, server local time)');

  schedule
    .command('add <cron>')
    .description('Re-run a campaign (--campaign) or start a new campaign from a query (--query) on a schedule, e.g. "0 9 * * 1"')
    .option('--campaign <id>', 'the campaign to run again', (v) => Number(v))
    .option('--query <query>', 'what a new campaign searches for each time')
    .option('--location <location>')
    .option('--industry <industry>')
    .option('--mode <mode>', 'test or live', 'test')
    .option('--max-results <n>', 'results per run', (v) => Number(v))
    .option('--max-emails <n>', 'emails per run', (v) => Number(v))
    .option('--json', 'print the schedule as JSON')
    .action((cron: string, opts: { campaign?: number; query?: string; location?: string; industry?: string; mode: string; maxResults?: number; maxEmails?: number; json?: boolean }) =>
      withContext(async (ctx) => {
        if ((opts.campaign === undefined) === (opts.query === undefined)) throw invalid('Give either --campaign ID or --query "…"');
        // The input checks (zod schemas) load when a command runs, not for --help.
        const [{ parseInput }, { CreateCampaignInput }] = await Promise.all([import('../../core/model/validate.ts'), import('../../core/model/campaign.ts')]);
        const target = opts.campaign !== undefined
          ? { campaignId: opts.campaign }
          : { query: parseInput(CreateCampaignInput, { name: `Scheduled: ${opts.query}`, search_query: opts.query, location: opts.location, industry: opts.industry, mode: opts.mode, max_results: opts.maxResults, max_emails: opts.maxEmails }) };
        const added = await ctx.schedules.add(cron, target);
        if (opts.json) return printJson(added);
        printLine(`Schedule ${added.id}: ${added.target}, "${added.cron}", next run ${added.next_run_at ?? 'never'}. It runs while \`outreach serve\` is running.`);
      }),
    );

  schedule
    .command('list')
    .option('--json', 'one JSON object per line')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const list = await ctx.schedules.list();
        if (opts.json) return list.forEach(printJson);
        printTable(list.map((s) => ({ id: String(s.id), cron: s.cron, target: s.target, next: s.next_run_at ?? '', last: s.last_run_at ?? 'never' })), ['id', 'cron', 'target', 'next', 'last']);
      }),
    );

  schedule
    .command('remove <id>')
    .action((id: string) =>
      withContext(async (ctx) => {
        await ctx.schedules.remove(Number(id));
        printLine(`Schedule ${id} removed.`);
      }),
    );
}
