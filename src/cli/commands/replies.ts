import type { Command } from 'commander';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';
import { REPLY_PAGE_SIZE } from '../../core/model/reply-classes.ts';
// The inbox's views (with the rest of core/replies) load when a replies command runs, not for --help.
const views = () => import('../../core/replies/index.ts');
import { invalid } from '../../core/errors.ts';

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
            `${n(result.auto_replies, 'automatic reply', 'automatic replies')} (not counted), ${n(result.unsubscribes, 'unsubscribe request', 'unsubscribe requests')}` +
            `${result.bounces ? `, ${n(result.bounces, 'bounce report', 'bounce reports')}` : ''}` +
            `${result.complaints ? `, ${n(result.complaints, 'spam complaint (feedback report)', 'spam complaints (feedback reports)')}` : ''}.`,
        );
      }),
    );

  replies
    .command('list')
    .description('Replies to our emails, newest first, with their class (the Replies inbox)')
    .option('--unread', 'only replies nobody has opened')
    .option('--limit <n>', `how many (at most ${REPLY_PAGE_SIZE.max})`, String(REPLY_PAGE_SIZE.default))
    .option('--json', 'JSON: items and next_cursor')
    .action((opts: { unread?: boolean; limit: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const limit = Number(opts.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > REPLY_PAGE_SIZE.max) throw invalid(`--limit must be a whole number from 1 to ${REPLY_PAGE_SIZE.max}`);
        const page = await ctx.inbox.list({ limit, unread: opts.unread });
        const { replyItem } = await views();
        const items = page.items.map(replyItem);
        if (opts.json) return printJson({ items, next_cursor: page.nextCursor });
        if (items.length === 0) return printLine(opts.unread ? 'No unread replies.' : 'No replies yet.');
        printTable(
          items.map((r) => ({
            id: String(r.id),
            received: r.received_at.slice(0, 16).replace('T', ' '),
            from: r.from_address,
            business: r.business ?? '',
            class: r.class ? `${r.class}${r.class_source === 'operator' ? ' (corrected)' : ''}` : 'unclassified',
            sentiment: r.sentiment ?? '',
            read: r.read_at ? 'yes' : 'no',
            text: r.new_text.replace(/\s+/g, ' ').slice(0, 60),
          })),
          ['id', 'received', 'from', 'business', 'class', 'sentiment', 'read', 'text'],
        );
      }),
    );

  replies
    .command('show <id>')
    .description('One reply with its thread (marks it read)')
    .option('--json', 'one JSON object')
    .action((id: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const replyId = Number(id);
        if (!Number.isInteger(replyId) || replyId < 1) throw invalid(`"${id.slice(0, 40)}" is not a reply id`);
        const { reply, thread } = await ctx.inbox.open(replyId);
        const { replyItem, threadEntries } = await views();
        const item = replyItem(reply);
        const entries = threadEntries(thread);
        if (opts.json) return printJson({ reply: item, thread: entries });
        printLine(`Reply ${item.id} from ${item.from_name ? `${item.from_name} <${item.from_address}>` : item.from_address} (${item.business ?? 'no business'}, campaign ${item.campaign_name ?? '-'})`);
        printLine(`Received ${item.received_at}; answers "${item.email_subject}"`);
        printLine(`Class: ${item.class ?? 'unclassified'}${item.class_source === 'operator' ? ' (corrected by an operator)' : ''}; sentiment: ${item.sentiment ?? '-'}${item.classify_error ? `\n${item.classify_error}` : ''}`);
        printLine('');
        for (const e of entries) {
          const who = e.kind === 'ours' ? `Our email${e.step ? ` (step ${e.step})` : ''}` : e.kind === 'theirs' ? 'Their reply' : 'Our answer';
          printLine(`--- ${who}, ${e.at ?? 'not sent'}: ${e.subject ?? ''}`);
          printLine(e.text.trim());
          printLine('');
        }
      }),
    );
}
