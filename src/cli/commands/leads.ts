import type { Command } from 'commander';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Lead, LeadAnalysis, LeadEmail } from '../../core/model/lead.ts';
import { LEAD_SORTS } from '../../core/model/lead-sort.ts';
import type { RecipientCheck } from '../../core/model/verification.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

/** The input checks (zod schemas) load when a command runs, not for --help; the list query
 * alone, not the API's lead shapes, so there are fewer schemas to build before the answer. */
const checks = async () => ({ ...(await import('../../core/model/validate.ts')), ...(await import('../../core/model/lead-query.ts')) });

const cut = (text: string | null | undefined, max: number) => (!text ? '' : text.length > max ? `${text.slice(0, max - 1)}…` : text);
const yesNo = (v: boolean | null) => (v === null ? '?' : v ? 'yes' : 'no');

const row = (l: Lead) => ({
  id: String(l.id),
  status: l.status,
  company: cut(l.company_name ?? l.title ?? l.hostname, 32),
  category: l.business_category ?? '',
  city: l.city ?? '',
  opportunity: l.market_opportunity_score === null ? '' : String(l.market_opportunity_score),
  email: l.contact_email ?? '',
  url: l.url,
});

interface FilterOptions {
  campaign?: string;
  status?: string;
  search?: string;
  category?: string;
  ids?: string;
}

const filterInput = (o: FilterOptions) => ({ campaign_id: o.campaign, status: o.status, search: o.search, business_category: o.category, ids: o.ids });

function printLead(lead: Lead, analysis: LeadAnalysis | null, emails: LeadEmail[], check: RecipientCheck) {
  printLine(`Lead ${lead.id}: ${lead.company_name ?? lead.title ?? lead.hostname}`);
  const fields: [string, string | number | null][] = [
    ['url', lead.url],
    ['status', lead.status],
    ['category', lead.business_category],
    ['priority', lead.priority],
    ['contact', [lead.contact_name, lead.contact_email].filter(Boolean).join(' ') || null],
    ['checked', lead.contact_email ? (check ? `${check.verdict}: ${check.reason}` : 'not yet (checked when a draft is written or approved)') : null],
    ['phone', lead.phone_number],
    ['address', lead.address && lead.city && !lead.address.includes(lead.city) ? `${lead.address}, ${lead.city}` : (lead.address ?? lead.city)],
    ['time zone', lead.timezone ? `${lead.timezone} (${lead.timezone_source ?? 'analysis'})` : lead.timezone_source],
    ['scores', lead.market_opportunity_score === null ? null : `opportunity ${lead.market_opportunity_score}, urgency ${lead.urgency_score}, website quality ${lead.website_quality_score}`],
    ['summary', lead.business_summary],
    ['campaign', lead.campaign_id],
    ['discovered', lead.discovered_at],
    ['analysed', lead.analyzed_at],
    ['last error', lead.last_error],
  ];
  for (const [name, value] of fields) if (value !== null && value !== '') printLine(`  ${name.padEnd(11)}${value}`);
  printLine('');
  if (!analysis) printLine('Analysis: none yet');
  else {
    const a = analysis;
    printLine(
      `Analysis: SSL ${yesNo(a.has_ssl)}, mobile ${yesNo(a.is_mobile_responsive)}, CMS ${a.cms_platform ?? 'none'}, shop ${a.ecommerce_platform ?? yesNo(a.has_ecommerce)}, ` +
        `booking ${a.booking_platform ?? yesNo(a.has_online_booking)}, contact form ${yesNo(a.has_contact_form)}, live chat ${yesNo(a.has_live_chat)}, ` +
        `analytics ${yesNo(a.has_analytics)}, accessibility ${a.accessibility_score ?? '?'}, unoptimised images ${a.unoptimized_images_count ?? '?'}`,
    );
    printLine(a.technical_issues.length ? 'Issues:' : 'Issues: none found');
    for (const issue of a.technical_issues) printLine(`  - ${issue}`);
  }
  printLine('');
  printLine(`Emails (${emails.length}):`);
  for (const e of emails) {
    const quality = e.quality_score === null ? '' : ` quality ${e.quality_score.toFixed(2)}`;
    printLine(`  #${e.id} ${e.status}${quality} to ${e.recipient_email}: ${e.subject}`);
  }
}

export function registerLeads(program: Command): void {
  const leads = program.command('leads').description('Browse, inspect and export leads');

  leads
    .command('list')
    .description('List leads (newest first unless --sort says otherwise)')
    .option('--campaign <id>', 'only this campaign')
    .option('--status <status>', 'only this status (NEW, ANALYZED, EMAIL_GENERATED, ...)')
    .option('--category <category>', 'only this business category')
    .option('--search <text>', 'words in the company name, title, hostname, contact email or city')
    .option('--sort <order>', LEAD_SORTS.join(' | '), 'discovered_at')
    .option('--limit <n>', 'at most this many (1-200)', '50')
    .option('--json', 'one JSON object per line')
    .action((opts: FilterOptions & { sort: string; limit: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseInput, LeadListQuery } = await checks();
        const query = parseInput(LeadListQuery, { ...filterInput(opts), sort: opts.sort, limit: opts.limit });
        const page = await ctx.leads.list(query);
        if (opts.json) return page.items.forEach(printJson);
        printTable(page.items.map(row), ['id', 'status', 'company', 'category', 'city', 'opportunity', 'email', 'url']);
        if (page.total > page.items.length) printLine(`Showing ${page.items.length} of ${page.total.toLocaleString('en-US')}${page.total_exact ? '' : '+'} leads (use --limit or filters for others).`);
      }),
    );

  leads
    .command('show <id>')
    .description('One lead: its fields, analysis, issues found and emails')
    .option('--json', 'print {lead, analysis, activities, summary, emails} as one JSON object')
    .action((id: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseInput, wholeNumber } = await checks();
        const leadId = parseInput(wholeNumber('id'), id);
        const history = await ctx.leads.history(leadId);
        const emails = await ctx.leads.emails(leadId);
        const check = await ctx.recipients.forAddress(history.lead.contact_email);
        if (opts.json) return printJson({ ...history, contact_email_check: check, emails });
        printLead(history.lead, history.analysis, emails, check);
      }),
    );

  leads
    .command('export')
    .description('Leads as CSV (formula-safe), to standard output or a file')
    .option('--campaign <id>', 'only this campaign')
    .option('--ids <list>', 'exactly these leads, e.g. 1,2,3')
    .option('--status <status>', 'only this status')
    .option('--search <text>', 'words in the company name, title, hostname, contact email or city')
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .action((opts: FilterOptions & { output?: string }) =>
      withContext(async (ctx) => {
        const { parseInput, LeadFilterQuery } = await checks();
        const filter = parseInput(LeadFilterQuery, filterInput(opts));
        const { stream, total } = await ctx.leads.exportCsv(filter);
        if (opts.output) {
          await pipeline(Readable.fromWeb(stream as Parameters<typeof Readable.fromWeb>[0]), createWriteStream(opts.output));
          return printLine(`Exported ${total} leads to ${opts.output}`);
        }
        for await (const chunk of stream) {
          if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
        }
      }),
    );
}
