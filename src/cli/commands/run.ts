// `outreach run "<query>"`: create a campaign, start it and run it here in the foreground
// (Ink view on a terminal, NDJSON with --json, plain lines when piped).
import type { Command } from 'commander';
import type { Context } from '../../app.ts';
import { invalid } from '../../core/errors.ts';
import { TERMINAL_OPERATOR } from '../../core/users/access.ts';
import { withContext } from '../context.ts';

/** The number an option was given as; zod then says what is wrong with it, as the API does. */
export const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

interface RunOptions {
  location?: string;
  industry?: string;
  mode?: string;
  maxResults?: number;
  maxEmails?: number;
  name?: string;
  concurrency?: number;
  list?: string;
  json?: boolean;
}

const defaultName = (query: string, location?: string) => {
  const name = location?.trim() ? `${query.trim()} in ${location.trim()}` : query.trim();
  return name.length > 200 ? `${name.slice(0, 199)}…` : name;
};

export function registerRun(program: Command): void {
  program
    .command('run [query]')
    .description('Create a campaign and run it here until it finishes (Ctrl-C or closing the terminal pauses it; `outreach campaign resume N --wait` continues it, after a crash too)')
    .option('-l, --location <location>', 'where to search, e.g. "Austin, TX"')
    .option('-i, --industry <industry>', 'industry label')
    .option('-m, --mode <mode>', "'test' (drafts wait for review) or 'live' (sent automatically)")
    .option('--max-results <n>', 'businesses to find at most', num)
    .option('--max-emails <n>', 'drafts to write at most', num)
    .option('-n, --name <name>', 'campaign name (default: the query and location)')
    .option('-c, --concurrency <n>', 'jobs at a time in this process', num)
    .option('--list <file>', 'run over your own lead list instead of a search (CSV or one web address per line; no search quota is used)')
    .option('--json', 'NDJSON on stdout: activity, progress, and a summary as the last line')
    .action(async (query: string | undefined, opts: RunOptions) => {
      // The foreground run (the runtime, and Ink on a terminal) loads only when a run starts.
      const { exitWith, runInForeground } = await import('../ui/foreground.ts');
      const [{ Concurrency }, { parseInput }, { CreateCampaignInput }] = await Promise.all([
        import('../args.ts'),
        import('../../core/model/validate.ts'),
        import('../../core/model/campaign.ts'),
      ]);
      const code = await withContext(async (ctx) => {
        if (opts.list !== undefined) return runList(ctx, query, opts);
        if (query === undefined) throw invalid('Say what to search for (outreach run "plumbers in Austin") or give your own list with --list FILE');
        const input = parseInput(CreateCampaignInput, {
          name: opts.name ?? (defaultName(query, opts.location) || 'Campaign'),
          search_query: query,
          location: opts.location,
          industry: opts.industry,
          mode: opts.mode,
          max_results: opts.maxResults,
          max_emails: opts.maxEmails,
        });
        const concurrency = parseInput(Concurrency, opts.concurrency);
        const campaign = await ctx.campaigns.create(TERMINAL_OPERATOR, input);
        return runInForeground(ctx, campaign.id, () => ctx.campaigns.start(campaign.id), { json: opts.json, concurrency });
      });
      await exitWith(code);
    });
}

/** `run --list FILE`: import the list (what it skipped goes to stderr, by line), then run it here. */
async function runList(ctx: Context, query: string | undefined, opts: RunOptions): Promise<number> {
  if (query !== undefined || opts.location !== undefined || opts.industry !== undefined || opts.maxResults !== undefined) {
    throw invalid('--list reads your list instead of searching: leave out the query, --location, --industry and --max-results');
  }
  const [{ runInForeground }, { Concurrency }, { parseInput }, { ImportListQuery }, { importListFile, importReport }] = await Promise.all([
    import('../ui/foreground.ts'),
    import('../args.ts'),
    import('../../core/model/validate.ts'),
    import('../../core/model/lead-list.ts'),
    import('../list-file.ts'),
  ]);
  const concurrency = parseInput(Concurrency, opts.concurrency);
  const input = parseInput(ImportListQuery.omit({ file_name: true }), { name: opts.name, mode: opts.mode, max_emails: opts.maxEmails === undefined ? undefined : String(opts.maxEmails) });
  const { campaign, preview } = await importListFile(ctx, opts.list!, input);
  // stdout carries the run (NDJSON with --json); the import's report goes beside it.
  for (const line of importReport(preview)) process.stderr.write(`${line}\n`);
  return runInForeground(ctx, campaign.id, () => ctx.campaigns.start(campaign.id), { json: opts.json, concurrency });
}
