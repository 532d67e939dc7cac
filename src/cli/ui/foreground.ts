// Runs a campaign in this process and shows it until it leaves RUNNING: an in-process
// worker does the jobs while the view tails the campaign's progress and activity rows
// (the same durable stream the dashboard reads). Ctrl-C, SIGTERM or a closed terminal (SIGHUP)
// pause the campaign cleanly.
import type { Context } from '../../app.ts';
import type { ActivityItem } from '../../core/activity/feed.ts';
import { DomainError } from '../../core/errors.ts';
import type { Job } from '../../core/pipeline/jobs.ts';
import { plural } from '../../core/plural.ts';
import { completedText, reasonsText } from '../../core/model/campaign-outcome.ts';
import { Runtime } from '../../runtime.ts';
import { JsonReporter, PlainReporter, type Outcome, type Reporter } from './reporters.ts';
import { readSnapshot, type RunSnapshot } from './snapshot.ts';

export interface ForegroundOptions {
  json?: boolean;
  concurrency?: number;
  /** How often the view refreshes. */
  refreshMs?: number;
  /** After Ctrl-C, how long the jobs in hand may take to finish before they go back to the queue unfinished. */
  graceMs?: number;
}

/** A paused run waits this long for the jobs in hand, then gives them back (a resume takes them at once). */
const PAUSE_GRACE_MS = 3_000;

/** What a pausing run waits for, in words: "3 sites being crawled and 1 email being written". */
function waitingFor(jobs: readonly Pick<Job, 'stage'>[]): string {
  const n = (stage: Job['stage']) => jobs.filter((j) => j.stage === stage).length;
  const parts = [
    n('search') ? 'the search' : '',
    n('analyze') ? plural(n('analyze'), 'site being crawled', 'sites being crawled') : '',
    n('audit') ? plural(n('audit'), 'site being audited', 'sites being audited') : '',
    n('draft') ? plural(n('draft'), 'email being written', 'emails being written') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** Exit codes: 0 completed, 1 failed (or paused elsewhere), 130 paused by Ctrl-C (or SIGTERM, SIGHUP). */
export const EXIT = { completed: 0, failed: 1, interrupted: 130 } as const;

async function pickReporter(json?: boolean): Promise<Reporter> {
  if (json) return new JsonReporter();
  if (!process.stdout.isTTY) return new PlainReporter();
  const { InkReporter } = await import('./ink-reporter.tsx');
  return new InkReporter();
}

/** `reasons`: why the failed leads failed ("12 × the site's certificate is not trusted; …"). */
function outcomeOf(s: RunSnapshot, interrupted: boolean, reasons = ''): { outcome: Outcome; code: number } {
  const c = s.campaign;
  const resume = `Continue with: outreach campaign resume ${c.id}`;
  switch (c.status) {
    case 'COMPLETED': {
      // Completed with sites it could not read says so, and why; so does a search that found fewer than asked.
      // The counts are not repeated: every reporter already shows them (the summary line, RunView, --json).
      const failed = c.leads_failed ? `Campaign ${c.id} ${completedText(c).replace(/^Completed/, 'completed')}${reasons ? ` (${reasons})` : ''}` : '';
      const text = [failed, c.search_note].filter(Boolean).join('\n') || `Campaign ${c.id} completed`;
      return { code: EXIT.completed, outcome: { tone: c.leads_failed || c.search_note ? 'warning' : 'success', text } };
    }
    case 'FAILED':
      return { code: EXIT.failed, outcome: { tone: 'error', text: `Campaign ${c.id} failed: ${c.last_error ?? 'see its activity'}` } };
    case 'PAUSED':
      return interrupted
        ? { code: EXIT.interrupted, outcome: { tone: 'warning', text: `Paused campaign ${c.id}. ${resume}` } }
        : { code: EXIT.failed, outcome: { tone: 'warning', text: `Campaign ${c.id} was paused elsewhere. ${resume}` } };
    default:
      return { code: EXIT.failed, outcome: { tone: 'error', text: `Campaign ${c.id} is ${c.status}` } };
  }
}

/**
 * `begin` changes the campaign's status (start, resume, restart…); everything it emits is
 * shown, and so is what it says. Resolves with the exit code.
 */
export async function runInForeground(ctx: Context, id: number, begin: (say: (notice: string) => void) => Promise<unknown>, options: ForegroundOptions = {}): Promise<number> {
  let since = await ctx.activity.lastId();
  const notices: string[] = [];
  await begin((notice) => notices.push(notice));
  const reporter = await pickReporter(options.json);
  for (const notice of notices) reporter.notice(notice);
  const runtime = new Runtime(ctx, { worker: { concurrency: options.concurrency, pollMs: 100, campaignId: id } });
  const refreshMs = options.refreshMs ?? 250;
  const graceMs = options.graceMs ?? PAUSE_GRACE_MS;

  let interrupted = false;
  let wake = () => {};
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      // A second Ctrl-C is a person in a hurry: leave now (the next resume takes the jobs over).
      // A closing terminal sends SIGHUP more than once: that is no reason to skip the pause.
      if (signal === 'SIGINT') process.exit(EXIT.interrupted);
      return;
    }
    interrupted = true;
    const what = waitingFor(runtime.worker?.jobsInHand() ?? []);
    const seconds = Math.round(graceMs / 1000);
    reporter.notice(
      what
        ? `Pausing campaign ${id}: waiting up to ${seconds} s for ${what} to finish… (Ctrl-C again quits at once)`
        : `Pausing campaign ${id}… (Ctrl-C again quits at once)`,
    );
    wake();
  };

  const fresh = async () => {
    const items: ActivityItem[] = [];
    for (;;) {
      const page = await ctx.activity.after(since, 200, id);
      items.push(...page);
      if (page.length) since = page[page.length - 1].id;
      if (page.length < 200) return items;
    }
  };
  const tick = async () => {
    const snapshot = await readSnapshot(ctx, id);
    reporter.update(snapshot, await fresh());
    return snapshot;
  };

  // Closing the terminal (SIGHUP) pauses like Ctrl-C (src/cli/main.ts ignores the writes that fail).
  const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of SIGNALS) process.on(signal, onSignal);
  await runtime.start();
  let stopping: Promise<void> | undefined;
  try {
    let snapshot = await tick();
    while (snapshot.campaign.status === 'RUNNING' && !interrupted) {
      await nap(refreshMs);
      snapshot = await tick();
    }
    if (interrupted) {
      try {
        await ctx.campaigns.pause(id);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'conflict')) throw error; // it finished meanwhile
      }
    }
    // Jobs in hand finish (and may emit their last events) before the final word; after Ctrl-C
    // only for a moment: the rest go back to the queue unfinished.
    let stopped = false;
    stopping = runtime.stop({ graceMs: interrupted ? graceMs : undefined }).then(() => {
      stopped = true;
    });
    while (!stopped) {
      await Promise.race([stopping, nap(refreshMs)]);
      await tick();
    }
    snapshot = await tick();
    if (runtime.givenBack) {
      const them = runtime.givenBack === 1 ? 'it starts' : 'they start';
      reporter.notice(`Stopped ${plural(runtime.givenBack, 'unfinished job')}: ${them} again when the campaign resumes.`);
    }
    const reasons = snapshot.campaign.leads_failed ? reasonsText(await ctx.campaigns.failureReasons(id)) : '';
    const { outcome, code } = outcomeOf(snapshot, interrupted, reasons);
    await reporter.finish(snapshot, outcome);
    return code;
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    await (stopping ?? runtime.stop());
  }
}

/** Exits with `code` once everything written to stdout has been flushed. */
export async function exitWith(code: number): Promise<never> {
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
