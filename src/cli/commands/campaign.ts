// `outreach campaign …`: the campaign life cycle from the terminal, as the terminal operator.
// The same services and validation as the API; --wait runs the work here in the foreground.
import type { Command } from 'commander';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hostname } from 'node:os';
import type { Context } from '../../app.ts';
import type { TakeOver } from '../../core/campaigns/service.ts';
import { leaseHolder } from '../../core/pipeline/worker-id.ts';
import { invalid } from '../../core/errors.ts';
import type { Campaign } from '../../core/model/campaign.ts';
import { TERMINAL_OPERATOR } from '../../core/users/access.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';
import { num } from './run.ts';
import { sequenceText, showCampaign, showGuard, showSequence } from '../ui/campaign-details.ts';

/** The input checks (zod schemas) load when a command runs, not for --help. */
const checks = async () => ({
  ...(await import('../args.ts')),
  ...(await import('../../core/model/validate.ts')),
  ...(await import('../../core/model/campaign.ts')),
  ...(await import('../../core/model/ab-test.ts')),
});

const WORKER_NOTE = 'A worker must be running to process it: `outreach serve` or `outreach worker` (or add --wait to run it here).';

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

const row = (c: Campaign) => ({
  id: String(c.id),
  name: c.name,
  status: c.status,
  found: String(c.total_leads),
  analysed: String(c.leads_analysed),
  failed: String(c.leads_failed),
  'with email': String(c.leads_with_email),
  drafts: String(c.emails_generated),
  created: when(c.created_at),
});

interface WaitOptions {
  wait?: boolean;
  json?: boolean;
  concurrency?: number;
}

const waitOptions = (cmd: Command) =>
  cmd
    .option('-w, --wait', 'run the work here in the foreground until the campaign finishes (Ctrl-C pauses it)')
    .option('-c, --concurrency <n>', 'with --wait: jobs at a time in this process', num)
    .option('--json', 'print the campaign as JSON (with --wait: NDJSON activity, progress and a summary)');

/**
 * Changes a campaign's status; with --wait then runs it here and exits with the run's code,
 * otherwise prints `done(campaign)` (or the JSON) and the note that a worker must run.
 */
async function act<T>(
  id: number,
  opts: WaitOptions,
  change: (ctx: Context, say: (notice: string) => void) => Promise<T>,
  done: (result: T) => string,
  json: (result: T) => unknown,
) {
  if (opts.wait) {
    // The foreground run (the runtime, and Ink on a terminal) loads only when asked for.
    const { exitWith, runInForeground } = await import('../ui/foreground.ts');
    const { parseInput, Concurrency } = await checks();
    const code = await withContext(async (ctx) => {
      const concurrency = parseInput(Concurrency, opts.concurrency);
      return runInForeground(ctx, id, (say) => change(ctx, say), { json: opts.json, concurrency });
    });
    return exitWith(code);
  }
  await withContext(async (ctx) => {
    const notes: string[] = [];
    const result = await change(ctx, (notice) => notes.push(notice));
    if (opts.json) return printJson(json(result));
    printLine(done(result));
    for (const note of notes) printLine(note);
    printLine(WORKER_NOTE);
  });
}

/** What taking a campaign over did, and what it still waits for. */
function takeOverNotes(t: TakeOver, now = Date.now()): string[] {
  const notes: string[] = [];
  if (t.released) notes.push(`Took back ${t.released} job${t.released === 1 ? '' : 's'} from a run that is no longer running.`);
  for (const lease of t.waiting) {
    const holder = leaseHolder(lease.owner);
    const who = !holder
      ? `worker ${lease.owner}`
      : holder.host === hostname()
        ? `process ${holder.pid} on this machine (another outreach run, worker or serve)`
        : `a worker on ${holder.host}`;
    const seconds = Math.max(1, Math.ceil((lease.expiresAt.getTime() - now) / 1000));
    notes.push(`${lease.jobs} job${lease.jobs === 1 ? ' is' : 's are'} held by ${who}: if it has stopped, they are taken here when its lease runs out in ${seconds} s.`);
  }
  return notes;
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

interface CreateOptions {
  name?: string;
  query?: string;
  location?: string;
  industry?: string;
  mode?: string;
  maxResults?: number;
  maxEmails?: number;
  followUps?: number;
  followUpDays?: string;
  stopOnClick?: boolean;
  stopOnReportView?: boolean;
  reportPages?: boolean;
  subjectVariants?: string;
  list?: string;
  start?: boolean;
  json?: boolean;
}

/** What `campaign create` says about the campaign it made, started (--start) or not. */
const createdText = (c: Campaign) =>
  c.status === 'RUNNING'
    ? `Campaign created and started in ${c.mode} mode: ${c.id} "${c.name}".`
    : `Campaign created in ${c.mode} mode: ${c.id} "${c.name}". Start it with: outreach campaign start ${c.id} [--wait]`;

/** The sequence the flags ask for (validated with the API's schema), or undefined for the first email only. */
function sequenceOption(o: CreateOptions) {
  if (o.followUps === undefined && o.followUpDays === undefined && !o.stopOnClick && !o.stopOnReportView) return undefined;
  const days = o.followUpDays?.split(',').map((d) => (d.trim() === '' ? NaN : Number(d.trim())));
  const followUps = o.followUps ?? days?.length ?? 0;
  return { steps: followUps + 1, follow_up_days: days, stop_on_click: Boolean(o.stopOnClick), stop_on_report_view: Boolean(o.stopOnReportView) };
}

export function registerCampaign(program: Command): void {
  const campaign = program.command('campaign').description('Create, run and manage campaigns (as the terminal operator)');

  campaign
    .command('create')
    .description('Create a campaign (status DRAFT, or RUNNING with --start; mode defaults to test)')
    .option('-n, --name <name>', 'campaign name')
    .option('-q, --query <query>', 'what to search for, e.g. "plumbers"')
    .option('-l, --location <location>', 'where, e.g. "Austin, TX"')
    .option('-i, --industry <industry>', 'industry label')
    .option('-m, --mode <mode>', "'test' (drafts wait for review) or 'live' (sent automatically)")
    .option('--max-results <n>', 'businesses to find at most', num)
    .option('--max-emails <n>', 'leads to write to at most (follow-ups do not count)', num)
    .option('--follow-ups <n>', 'follow-ups after the first email, 0 to 4 (default 0)', num)
    .option('--follow-up-days <days>', 'business days each follow-up waits after the step before, e.g. 3,7 (default 3,7,7,7)')
    .option('--stop-on-click', 'also stop a lead\'s follow-ups when it clicks a link (a reply, bounce or unsubscribe always stops them)')
    .option('--stop-on-report-view', 'also stop a lead\'s follow-ups when a person views its report page')
    .option('--no-report-pages', 'do not offer each lead its personal report page (/r/…) in the first email (offered by default)')
    .option('--subject-variants <n|styles>', 'A/B test the subject: 2 or 3 variants, or the styles in order, e.g. "question,name" (finding, question, name)')
    .option('--list <file>', 'your own lead list instead of a search: a CSV (url/website column, optional name, email, phone, city) or one web address per line; no search quota is used')
    .option('--start', 'start it at once (DRAFT → RUNNING), as "Create and start" does on the dashboard; `outreach serve` or `outreach worker` does the work')
    .option('--json', 'print the new campaign as JSON')
    .action((opts: CreateOptions) =>
      withContext(async (ctx) => {
        const { parseInput, CreateCampaignInput, subjectVariantsArg } = await checks();
        if (opts.list !== undefined) return createFromList(ctx, opts.list, opts);
        const input = parseInput(CreateCampaignInput, {
          name: opts.name,
          search_query: opts.query,
          location: opts.location,
          industry: opts.industry,
          mode: opts.mode,
          max_results: opts.maxResults,
          max_emails: opts.maxEmails,
          subject_variants: opts.subjectVariants === undefined ? undefined : subjectVariantsArg(opts.subjectVariants),
          sequence: sequenceOption(opts),
          report_pages: opts.reportPages,
          start: opts.start,
        });
        const created = await ctx.campaigns.create(TERMINAL_OPERATOR, input);
        if (opts.json) return printJson(created);
        printLine(createdText(created));
        if (created.subject_variants) printLine(`Subject A/B test: ${created.subject_variants.map((style, i) => `${'ABC'[i]} ${style}`).join(', ')}`);
        printLine(`Sequence: ${sequenceText(created.sequence)}.`);
        if (created.status === 'RUNNING') printLine(WORKER_NOTE);
      }),
    );

  campaign
    .command('list')
    .description('All campaigns, newest first, with their counts')
    .option('--json', 'one JSON object per line')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const list = await ctx.campaigns.list();
        if (opts.json) return list.forEach(printJson);
        printTable(list.map(row), ['id', 'name', 'status', 'found', 'analysed', 'failed', 'with email', 'drafts', 'created']);
      }),
    );

  campaign
    .command('show <id>')
    .description('One campaign: its fields, progress and job counts')
    .option('--json', 'one JSON object')
    .action((raw: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await checks();
        const id = parseId(raw);
        const c = await ctx.campaigns.get(id);
        const { jobs } = await ctx.campaigns.progress(id);
        const sequence = await ctx.sequences.campaignState(id);
        const reasons = c.leads_failed ? await ctx.campaigns.failureReasons(id) : [];
        const guard = await ctx.guards.campaign(id);
        if (opts.json) return printJson({ ...c, jobs, sequence_state: sequence, failure_reasons: reasons, sending_guard: guard });
        showCampaign(c, jobs, reasons);
        if (sequence) showSequence(sequence);
        showGuard(guard);
      }),
    );

  waitOptions(campaign.command('start <id>').description('DRAFT → RUNNING: search, analyse, draft')).action(async (raw: string, opts: WaitOptions) => {
    const { parseId } = await checks();
    const id = parseId(raw);
    return act(id, opts, (ctx) => ctx.campaigns.start(id), (c) => `Campaign started: ${c.id} "${c.name}".`, (c) => c);
  });

  campaign
    .command('pause <id>')
    .description('RUNNING → PAUSED: workers stop taking its jobs (those in hand finish)')
    .option('--json', 'print the campaign as JSON')
    .action((raw: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await checks();
        const c = await ctx.campaigns.pause(parseId(raw));
        if (opts.json) return printJson(c);
        printLine(`Paused campaign ${c.id}. Continue with: outreach campaign resume ${c.id}`);
      }),
    );

  waitOptions(
    campaign
      .command('resume <id>')
      .description('PAUSED → RUNNING. A RUNNING campaign whose run died (a crash, a closed terminal) is taken over: the jobs of a process that is gone are queued again at once'),
  ).action(async (raw: string, opts: WaitOptions) => {
    const { parseId } = await checks();
    const id = parseId(raw);
    return act(
      id,
      opts,
      async (ctx, say) => {
        const taken = await ctx.campaigns.takeOver(id);
        for (const line of takeOverNotes(taken)) say(line);
        return taken;
      },
      (t) => (t.released || t.waiting.length ? `Campaign ${t.campaign.id} "${t.campaign.name}" is running.` : `Resumed campaign ${t.campaign.id} "${t.campaign.name}".`),
      (t) => t.campaign,
    );
  });

  waitOptions(
    campaign
      .command('restart <id>')
      .description('Continue a finished campaign with new limits from its cached search results (no search quota used)')
      .option('--max-emails <n>', 'drafts to write at most (default 50)', num)
      .option('--max-results <n>', 'businesses to take at most (default 100)', num),
  ).action(async (raw: string, opts: WaitOptions & { maxEmails?: number; maxResults?: number }) => {
    const { parseId, parseInput, RestartInput } = await checks();
    const id = parseId(raw);
    const input = parseInput(RestartInput, { max_emails: opts.maxEmails, max_results: opts.maxResults });
    return act(id, opts, (ctx) => ctx.campaigns.restart(id, input), () => 'Campaign restarted with cached results (no search-service usage)', (c) => c);
  });

  waitOptions(campaign.command('requeue <id>').description('Analyse again the leads that failed or were never analysed')).action(async (raw: string, opts: WaitOptions) => {
    const { parseId } = await checks();
    const id = parseId(raw);
    return act(id, opts, (ctx) => ctx.campaigns.requeueLeads(id), (r) => `Requeued ${r.leads_requeued} ${r.leads_requeued === 1 ? 'lead' : 'leads'} for re-analysis: \`outreach campaign show ${id}\` says how many fail again once it completes`, (r) => r);
  });

  waitOptions(campaign.command('rerun <id...>').description('Analyse every lead again (several ids: a bulk rerun)')).action(async (raws: string[], opts: WaitOptions) => {
    const { parseIds, parseInput, BulkRerunInput } = await checks();
    const ids = parseIds(raws);
    if (ids.length === 1) {
      return act(ids[0], opts, (ctx) => ctx.campaigns.rerun(ids[0]), () => 'Campaign rerun initiated successfully!', (c) => c);
    }
    if (opts.wait) throw invalid('--wait runs one campaign: give one id');
    const { campaign_ids } = parseInput(BulkRerunInput, { campaign_ids: ids });
    return act(0, opts, (ctx) => ctx.campaigns.bulkRerun(campaign_ids), (list) => `Bulk campaign rerun initiated successfully! (${list.length} campaigns)`, (list) => ({ campaigns_rerun: list.length, campaigns: list }));
  });

  campaign
    .command('delete <id>')
    .description('Delete a campaign with its leads, emails and activity')
    .option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)')
    .action((raw: string, opts: { yes?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await checks();
        const c = await ctx.campaigns.get(parseId(raw));
        if (!opts.yes) {
          if (!process.stdin.isTTY || !process.stdout.isTTY) throw invalid(`Refusing to delete campaign ${c.id} without --yes: there is no terminal to confirm on`);
          if (!(await confirm(`Delete campaign ${c.id} "${c.name}" with its ${c.total_leads} leads, emails and activity? [y/N] `))) {
            return printLine('Nothing deleted.');
          }
        }
        await ctx.campaigns.delete(c.id);
        printLine(`Campaign deleted: ${c.id} "${c.name}".`);
      }),
    );

  campaign
    .command('export <id>')
    .description('Its leads as CSV (formula-safe): to campaign-{id}-leads.csv on a terminal, to standard output when piped')
    .option('-o, --output <file>', "write to this file ('-' for standard output)")
    .action((raw: string, opts: { output?: string }) =>
      withContext(async (ctx) => {
        const { parseId } = await checks();
        const id = parseId(raw);
        const { stream, total } = await ctx.leads.exportCampaignCsv(id);
        const file = opts.output ?? (process.stdout.isTTY ? `campaign-${id}-leads.csv` : '-');
        if (file !== '-') {
          await pipeline(Readable.fromWeb(stream as Parameters<typeof Readable.fromWeb>[0]), createWriteStream(file));
          return printLine(`Exported ${total} leads to ${file}`);
        }
        for await (const chunk of stream) {
          if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
        }
      }),
    );
}

/** `campaign create --list FILE`: the list becomes a DRAFT campaign; what was skipped is printed by line. */
async function createFromList(ctx: Context, file: string, opts: CreateOptions) {
  if (opts.query !== undefined || opts.location !== undefined || opts.industry !== undefined || opts.maxResults !== undefined) {
    throw invalid('--list reads your list instead of searching: leave out --query, --location, --industry and --max-results');
  }
  if (opts.subjectVariants !== undefined) {
    throw invalid('--subject-variants needs a searched campaign: a list campaign starts without an A/B test');
  }
  const [{ parseInput, UpdateCampaignInput }, { ImportListQuery }, { importListFile, importReport }] = await Promise.all([checks(), import('../../core/model/lead-list.ts'), import('../list-file.ts')]);
  // Checked before anything is imported, so a bad --follow-up-days writes nothing.
  const { sequence } = parseInput(UpdateCampaignInput, { sequence: sequenceOption(opts) });
  const query = parseInput(ImportListQuery.omit({ file_name: true }), { name: opts.name, mode: opts.mode, max_emails: opts.maxEmails === undefined ? undefined : String(opts.maxEmails) });
  const imported = await importListFile(ctx, file, query);
  const updated = sequence ? await ctx.campaigns.update(imported.campaign.id, { sequence }) : imported.campaign;
  const created = opts.start ? await ctx.campaigns.start(updated.id) : updated;
  if (opts.json) return printJson({ campaign: created, preview: imported.preview });
  for (const line of importReport(imported.preview)) printLine(line);
  if (sequence) printLine(`Sequence: ${sequenceText(created.sequence)}.`);
  printLine(createdText(created));
  if (created.status === 'RUNNING') printLine(WORKER_NOTE);
}
