import type { Command } from 'commander';
import { plural } from '../../core/plural.ts';
import { withContext } from '../context.ts';
import { describeSendTime } from '../output/send-time.ts';
import { printJson, printLine, printTable } from '../output/print.ts';
import { noticeIfSenderIncomplete } from '../sender-notice.ts';

/** The input checks (zod schemas) load when a command runs, not for --help. */
const checks = async () => ({ ...(await import('../args.ts')), ...(await import('../../core/model/validate.ts')), ...(await import('../../core/model/draft.ts')) });

export function registerDrafts(program: Command): void {
  const drafts = program.command('drafts').description('Review drafts before they go out: list, approve, edit, delete');

  drafts
    .command('list')
    .option('-c, --campaign <id>', 'only this campaign')
    .option('-q, --min-quality <score>', 'only drafts scoring at least this (0 to 1)')
    .option('-s, --search <text>', 'in subject, body, recipient and website')
    .option('--json', 'one JSON object per line')
    .action((opts: { campaign?: string; minQuality?: string; search?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseInput, DraftQuery } = await checks();
        const query = parseInput(DraftQuery, { campaign_id: opts.campaign, min_quality: opts.minQuality, search: opts.search });
        const { drafts: list } = await ctx.drafts.list(query);
        await noticeIfSenderIncomplete(ctx);
        if (opts.json) return list.forEach(printJson);
        printTable(
          list.map((d) => ({
            id: String(d.id),
            quality: d.quality_score === null ? '' : `${Math.round(d.quality_score * 100)}%`,
            to: d.recipient_email,
            check: d.recipient_check ? `${d.recipient_check.verdict}${d.recipient_check.verdict === 'valid' ? '' : `: ${d.recipient_check.reason}`}`.slice(0, 60) : 'not checked',
            website: d.lead_hostname,
            subject: d.subject.slice(0, 60),
          })),
          ['id', 'quality', 'to', 'check', 'website', 'subject'],
        );
      }),
    );

  drafts
    .command('approve <ids...>')
    .description("Approve drafts: each is sent now when its recipient's sending window is open (on the recipient's clock) or with --now, otherwise queued for the window's next opening")
    .option('--now', "send now whatever the recipients' windows say")
    .option('--queue-only', 'approve but leave the sending to `outreach serve`')
    .option('--allow-risky', 'also send to recipients whose check says risky (invalid ones are never sent)')
    .action((given: string[], opts: { now?: boolean; queueOnly?: boolean; allowRisky?: boolean }) =>
      withContext(async (ctx) => {
        const { parseIds } = await checks();
        const r = await ctx.emails.approveDrafts(parseIds(given), { sendNow: opts.now, confirmRisky: opts.allowRisky === true });
        const now = Date.now();
        const later = r.emails.filter((e) => Date.parse(e.send_at) > now);
        for (const e of later) printLine(`#${e.id} queued for ${describeSendTime(e.send_at, e.timezone)} — its time zone: ${e.timezone_source}.`);
        const due = r.emails.filter((e) => Date.parse(e.send_at) <= now).map((e) => e.id);
        if (due.length === 0) return printLine(`Approved ${r.approved_count}; each goes when its recipient's sending window opens.`);
        if (!r.sending_enabled) return printLine(`Approved ${r.approved_count}; email sending is turned off, so they wait in the queue.`);
        if (opts.queueOnly) return printLine(`Approved ${r.approved_count}; ${due.length} queued for sending now.`);
        printLine(`Approved ${r.approved_count}; sending ${due.length}…`);
        for (const id of due) {
          const o = await ctx.sender.send(id);
          printLine(o.result === 'sent' ? `#${id} sent` : `#${id} ${o.result}: ${o.reason}`);
        }
      }),
    );

  drafts
    .command('edit <id>')
    .option('--subject <text>')
    .option('--body <text>')
    .option('--to <email>', "recipient (also becomes the lead's contact email)")
    .action((id: string, opts: { subject?: string; body?: string; to?: string }) =>
      withContext(async (ctx) => {
        const { parseInput, parseId, DraftEdit } = await checks();
        const edit = parseInput(DraftEdit, { subject: opts.subject, body: opts.body, recipient_email: opts.to });
        const draft = await ctx.drafts.edit(parseId(id), edit);
        printLine(`Draft #${draft.id} updated: "${draft.subject}" to ${draft.recipient_email}.`);
      }),
    );

  drafts
    .command('delete <ids...>')
    .action((given: string[]) =>
      withContext(async (ctx) => {
        const { parseIds } = await checks();
        const n = await ctx.drafts.bulkDelete(parseIds(given));
        printLine(`Deleted ${plural(n, 'draft')}.`);
      }),
    );
}
