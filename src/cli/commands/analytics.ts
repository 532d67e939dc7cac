// `outreach analytics`: the Analytics screen's figures over the last N days, as tables or JSON.
import type { Command } from 'commander';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

const n = (v: number) => v.toLocaleString('en-US');
const pct = (v: number | null) => (v === null ? '–' : `${v}%`);

export function registerAnalytics(program: Command): void {
  program
    .command('analytics')
    .description('Sends, opens, clicks, replies, the funnel, sentiment, campaigns, steps and A/B arms over the last N days (UTC): counts, not estimates')
    .option('--days <n>', 'the period in days, 1 to 365 (the screen offers 7, 30 and 90)', '30')
    .option('--mailbox <id>', 'only the emails sent from this mailbox (1 includes those from before mailboxes); the funnel counts every mailbox')
    .option('--json', 'print the whole answer of GET /api/analytics as one JSON object')
    .action((opts: { days: string; mailbox?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        // The input checks (zod schemas) load when the command runs, not for --help.
        const [{ parseInput }, { AnalyticsQuery }] = await Promise.all([import('../../core/model/validate.ts'), import('../../core/model/analytics.ts')]);
        const { days, mailbox_id } = parseInput(AnalyticsQuery, { days: opts.days, mailbox_id: opts.mailbox });
        const a = await ctx.analytics.report(days, mailbox_id);
        if (opts.json) return printJson(a);
        const s = a.summary;
        printLine(`Last ${days} days (since ${a.since.slice(0, 10)}, UTC)${mailbox_id === undefined ? '' : `, emails sent from mailbox ${mailbox_id}`}`);
        printTable(
          [
            { figure: 'Emails sent', value: n(s.sent), count: '' },
            { figure: 'Open rate', value: pct(s.open_rate), count: `${n(s.opened)} opened by people, ${n(s.machine_opens)} machine opens apart` },
            { figure: 'Click rate', value: pct(s.click_rate), count: `${n(s.clicked)} clicked by people, ${n(s.machine_clicks)} machine clicks apart` },
            { figure: 'Report page views', value: n(s.report_views), count: 'emails whose report page a person opened (scanners apart)' },
            { figure: 'Reply rate', value: pct(s.reply_rate), count: `${n(s.replied)} replied` },
          ],
          ['figure', 'value', 'count'],
        );
        printLine('');
        printLine(`Funnel (leads discovered in the period${mailbox_id === undefined ? '' : ', every mailbox'})`);
        printTable(a.funnel.map((f) => ({ stage: f.label, leads: n(f.count) })), ['stage', 'leads']);
        printLine('');
        const t = a.sentiment;
        printLine(t.classified ? `Sentiment of ${n(t.classified)} classified replies: ${n(t.positive)} positive, ${n(t.neutral)} neutral, ${n(t.negative)} negative` : 'Sentiment: No replies classified yet');
        printLine('');
        printLine('Campaigns');
        printTable(a.campaigns.map((c) => ({ campaign: c.name, sent: n(c.sent), opened: n(c.opened), replied: n(c.replied), won: n(c.won) })), ['campaign', 'sent', 'opened', 'replied', 'won']);
        printLine('');
        printLine('Per day');
        printTable(
          a.series.days.map((day, i) => ({ day, sent: n(a.series.sent[i]), opened: n(a.series.opened[i]), replied: n(a.series.replied[i]), meetings: n(a.series.meetings[i]) })),
          ['day', 'sent', 'opened', 'replied', 'meetings'],
        );
        if (a.steps.length) {
          printLine('');
          printLine('Per sequence step');
          printTable(a.steps.map((x) => ({ step: String(x.step), sent: n(x.sent), opened: n(x.opened), clicked: n(x.clicked), replied: n(x.replied), 'open rate': pct(x.open_rate), 'reply rate': pct(x.reply_rate) })), ['step', 'sent', 'opened', 'clicked', 'replied', 'open rate', 'reply rate']);
        }
        for (const v of a.variants) {
          printLine('');
          printLine(`Subject A/B test: ${v.campaign_name}`);
          printTable(v.results.variants.map((x) => ({ variant: x.variant, style: x.style, sent: n(x.sent), opened: n(x.opened), replied: n(x.replied) })), ['variant', 'style', 'sent', 'opened', 'replied']);
          printLine(`opens: ${v.results.opens.label}; replies: ${v.results.replies.label}`);
        }
      }),
    );
}
