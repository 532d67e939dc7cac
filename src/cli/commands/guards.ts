// `outreach guards`: the bounce and complaint guard from the terminal — what is paused and why,
// with the figures, and the operator's resume (recorded in the feed like the dashboard's).
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import type { GuardsState, SendingPauseOut } from '../../core/model/sending-guards.ts';
import { withContext } from '../context.ts';
import { printJson, printLine } from '../output/print.ts';

const rates = (f: GuardsState['live_sending']['figures']) =>
  `${f.sends} sends: ${f.hard_bounces} hard bounces (${f.hard_bounce_rate} %), ${f.complaints} complaints (${f.complaint_rate} %)`;

const pauseLine = (p: SendingPauseOut) => `paused since ${p.paused_at.slice(0, 16).replace('T', ' ')}: ${p.reason}`;

function show(s: GuardsState): void {
  const t = s.thresholds;
  const live = s.live_sending;
  printLine(`Live sending: ${live.paused ? `${pauseLine(live.paused)}. Resume with: outreach guards resume all` : 'not paused'}`);
  printLine(`  window: ${rates(live.figures)}`);
  if (s.paused_campaigns.length === 0) printLine('Paused campaigns: none');
  for (const p of s.paused_campaigns) {
    printLine(`Campaign ${p.campaign_id} "${p.campaign_name ?? ''}": ${pauseLine(p)}. Resume with: outreach guards resume ${p.campaign_id}`);
  }
  for (const p of s.paused_mailboxes) {
    printLine(`Mailbox ${p.mailbox_id} "${p.mailbox_label ?? ''}": ${pauseLine(p)}. Resume with: outreach guards resume mailbox:${p.mailbox_id}`);
  }
  printLine(
    `Thresholds: hard bounces above ${t.hard_bounce_percent} %, complaints above ${t.complaint_percent} %, over the last ${t.window_sends} sends of ${t.window_days} days, from ${t.min_sends} sends`,
  );
}

/** The operator at this terminal, as the feed names them. */
function terminalUser(): string {
  try {
    return userInfo().username || 'operator';
  } catch {
    return 'operator'; // no account entry for this uid (a container)
  }
}

export function registerGuards(program: Command): void {
  const guards = program.command('guards').description('The bounce and complaint guard: paused campaigns and live sending, and resuming them');

  guards
    .command('status', { isDefault: true })
    .description('What the guard paused and why, with the figures over the window')
    .option('--json', 'one JSON object')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const state = await ctx.guards.overview();
        if (opts.json) return printJson(state);
        show(state);
      }),
    );

  guards
    .command('resume <what>')
    .description('Resume what the guard paused: "all" (live sending), a campaign id or "mailbox:<id>". Recorded in the feed; the guard reads the sends from now on')
    .option('--json', 'print the guard state after as JSON')
    .action((what: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const by = `${terminalUser()} (terminal)`;
        const target = what.trim().toLowerCase();
        const mailbox = /^mailbox:(.+)$/.exec(target)?.[1];
        const ended =
          target === 'all'
            ? await ctx.guards.resume({ kind: 'all' }, by)
            : mailbox !== undefined
              ? await ctx.guards.resume({ kind: 'mailbox', mailboxId: parseId(mailbox) }, by)
              : await ctx.guards.resume({ kind: 'campaign', campaignId: parseId(what) }, by);
        if (opts.json) return printJson(await ctx.guards.overview());
        const which = ended.scope.kind === 'all' ? 'Live sending' : ended.scope.kind === 'mailbox' ? `Mailbox ${mailbox}'s sending` : `Campaign ${what.trim()}'s sending`;
        printLine(`${which} resumed (it was paused: ${ended.reason}).`);
      }),
    );
}
