import type { Command } from 'commander';
import { withContext } from '../context.ts';
import { printJson, printLine } from '../output/print.ts';

export function registerReplies(program: Command): void {
  const replies = program.command('replies').description('Replies to sent emails, read from the IMAP mailbox (settings imap_host, imap_user, imap_password)');

  replies
    .command('check')
    .description('Read new mail once: mark replied emails and leads, note auto-replies, honour "unsubscribe" mails')
    .option('--json', 'one JSON object')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const result = await ctx.replies.poll();
        if (opts.json) return printJson(result);
        if (!result.configured) {
          printLine('Reply checking is off: set imap_host, imap_user and imap_password (or OUTREACH_IMAP_HOST, OUTREACH_IMAP_USER, OUTREACH_IMAP_PASSWORD).');
          return;
        }
        const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
        printLine(
          `Checked ${n(result.checked, 'new message', 'new messages')}: ${n(result.replies, 'reply', 'replies')}, ` +
            `${n(result.auto_replies, 'automatic reply', 'automatic replies')} (not counted), ${n(result.unsubscribes, 'unsubscribe request', 'unsubscribe requests')}.`,
        );
      }),
    );
}
