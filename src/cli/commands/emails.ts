import type { Command } from 'commander';
import type { Context } from '../../app.ts';
import type { SendOutcome } from '../../core/emails/sender.ts';
import type { MailProvider } from '../../core/model/providers.ts';
import { withContext } from '../context.ts';
import { plural } from '../../core/plural.ts';
import { localTime, localTimeNote, localZone } from '../output/send-time.ts';
import { printJson, printLine, printTable } from '../output/print.ts';
import { noticeIfSenderIncomplete } from '../sender-notice.ts';

/** The input checks (zod schemas) load when a command runs, not for --help. */
const checks = async () => ({ ...(await import('../args.ts')), ...(await import('../../core/model/validate.ts')), ...(await import('../../core/model/email.ts')) });

/** One line per outcome, or NDJSON; returns whether everything went out. */
export function describeOutcome(o: SendOutcome, json: boolean): void {
  if (json) return printJson(o);
  if (o.result === 'sent') return printLine(`#${o.id} sent`);
  printLine(`#${o.id} ${o.result}: ${o.reason}`);
}

async function sendDue(ctx: Context, opts: { json?: boolean; limit: string; lease?: string }) {
  const interrupted = await ctx.sender.reconcile(opts.lease === undefined ? undefined : Number(opts.lease) * 1000);
  if (interrupted && !opts.json) printLine(`${plural(interrupted, 'interrupted send')} settled (see the activity feed).`);
  // Follow-ups that fell due are written first, as the send loop's turn does.
  const seq = await ctx.sequences.advance();
  if (!opts.json && (seq.written || seq.stopped || seq.cancelled)) {
    printLine(`Follow-ups: ${seq.written} written, ${plural(seq.stopped, 'sequence')} stopped, ${plural(seq.cancelled, 'waiting follow-up')} cancelled.`);
  }
  const stop = new AbortController();
  // process.on, not once: see src/cli/signals.ts.
  const abort = () => stop.abort();
  process.on('SIGINT', abort);
  const outcomes = await ctx.sender
    .sendDue({ limit: Number(opts.limit), unscheduled: true, signal: stop.signal, onOutcome: (o) => describeOutcome(o, Boolean(opts.json)) })
    .finally(() => process.off('SIGINT', abort));
  if (!opts.json) {
    const sent = outcomes.filter((o) => o.result === 'sent').length;
    printLine(outcomes.length === 0 ? 'Nothing is due.' : `${sent} of ${outcomes.length} sent.`);
  }
}

export function registerEmails(program: Command): void {
  const emails = program.command('emails').description('Generated emails: list, send and schedule');

  emails
    .command('list')
    .description('Generated emails, newest first: every one, page by page, or the first --limit')
    .option('-s, --status <status>', 'DRAFT, QUEUED, SENDING, SENT, OPENED, CLICKED, REPLIED, BOUNCED, FAILED, PAUSED or CANCELLED')
    .option('-c, --campaign <id>', 'only this campaign')
    .option('-m, --mailbox <id>', 'only the emails going (or gone) from this mailbox; 1 includes those from before mailboxes')
    .option('-n, --limit <count>', 'at most this many (default: all)')
    .option('--json', 'one JSON object per line')
    .action((opts: { status?: string; campaign?: string; mailbox?: string; limit?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const [{ parseInput, wholeNumber, EmailFilter, EMAIL_PAGE_SIZE }, { emailPages }] = await Promise.all([checks(), import('../../core/emails/service.ts')]);
        const filter = parseInput(EmailFilter, { status: opts.status?.toUpperCase(), campaign_id: opts.campaign, mailbox_id: opts.mailbox });
        const limit = opts.limit === undefined ? Infinity : parseInput(wholeNumber('limit'), opts.limit);
        // The table's columns are as wide as their widest cell: it keeps the few fields it shows
        // (not the bodies) until the end; --json writes each page as it comes.
        const rows: Record<string, string>[] = [];
        let left = limit;
        for await (const page of emailPages(ctx.emails, filter, Math.min(EMAIL_PAGE_SIZE.max, left))) {
          for (const e of page.slice(0, left)) {
            if (opts.json) printJson(e);
            else rows.push({
              id: String(e.id),
              status: e.status,
              to: e.recipient_email,
              subject: e.subject.slice(0, 50),
              // When it went, or when it goes: one format, on this machine's clock.
              when: localTime(e.sent_at ?? e.send_at ?? e.scheduled_send_time),
              opens: String(e.open_count),
              clicks: String(e.click_count),
            });
          }
          left -= page.length;
          if (left <= 0) break;
        }
        if (opts.json) return;
        printTable(rows, ['id', 'status', 'to', 'subject', 'when', 'opens', 'clicks']);
        if (rows.length) printLine(localTimeNote());
      }),
    );

  emails
    .command('send [ids...]')
    .description('Send these emails now; without ids, send everything that is due (what `serve` does on its own)')
    .option('-n, --limit <count>', 'send at most this many due emails', '100')
    .option('--lease <seconds>', 'treat emails stuck in SENDING for longer than this as interrupted')
    .option('--json', 'one JSON object per line')
    .action((given: string[], opts: { limit: string; lease?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        await noticeIfSenderIncomplete(ctx);
        if (given.length === 0) return sendDue(ctx, opts);
        const { parseIds } = await checks();
        for (const id of parseIds(given)) {
          try {
            const email = await ctx.emails.sendNow(id);
            describeOutcome({ result: 'sent', id, providerMessageId: email.provider_message_id, provider: email.provider as MailProvider['id'] }, Boolean(opts.json));
          } catch (error) {
            if (opts.json) printJson({ result: 'failed', id, reason: (error as Error).message });
            else printLine(`#${id} not sent: ${(error as Error).message}`);
            process.exitCode = 1;
          }
        }
      }),
    );

  emails
    .command('schedule <ids...>')
    .description("Queue emails for the industry's best hour tomorrow (learned from your opens and replies)")
    .option('-i, --industry <industry>', "industry, or 'general'", 'general')
    .option('--next-window', 'the next sending window instead of tomorrow')
    .action((given: string[], opts: { industry: string; nextWindow?: boolean }) =>
      withContext(async (ctx) => {
        const { parseIds } = await checks();
        const r = await ctx.emails.scheduleSmart(parseIds(given), opts.industry, !opts.nextWindow);
        printLine(`Scheduled ${plural(r.email_count, 'email')} for ${localTime(r.scheduled_for)} (${localZone()}; ${r.industry}).`);
      }),
    );
}
