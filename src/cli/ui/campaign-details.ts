// `outreach campaign show` as text: the fields, where it is, and its job counts.
import type { Campaign } from '../../core/model/campaign.ts';
import type { JobCounts } from '../../core/pipeline/jobs.ts';
import { printLine } from '../output/print.ts';
import { abTestLines } from './ab-test.ts';

const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') + ' UTC' : '—');
const limit = (n: number | null) => (n === null ? 'no limit' : String(n));

/**
 * "N leads not analysed — requeue" when a campaign that is not running has leads nothing will
 * analyse (a running one queues them itself before it completes).
 */
export function notAnalysedText(c: Campaign): string | undefined {
  if (c.status === 'RUNNING' || c.leads_not_analysed === 0) return undefined;
  return `${c.leads_not_analysed} lead${c.leads_not_analysed === 1 ? '' : 's'} not analysed — requeue`;
}

export function showCampaign(c: Campaign, jobs: JobCounts): void {
  const search = [`"${c.search_query}"`, c.location && `in ${c.location}`, c.industry && `(${c.industry})`].filter(Boolean).join(' ');
  const lines: [string, string][] = [
    ['Status', c.status + (c.phase ? ` (${c.phase})` : '')],
    ['Mode', c.mode],
    ['Search', search],
    ['Limits', `max results ${limit(c.max_results)}, max emails ${limit(c.max_emails)}`],
    ['Leads', `${c.total_leads} found, ${c.processed_leads} analysed, ${c.leads_with_email} with a contact email (${c.email_success_rate}%)`],
    ['Emails', `${c.emails_generated} drafted, ${c.emails_sent} sent, ${c.emails_opened} opened, ${c.emails_replied} replied, ${c.conversions} conversions`],
    ['Current site', c.current_website_url ?? '—'],
    ['Jobs', `${jobs.queued} queued, ${jobs.running} running, ${jobs.done} done, ${jobs.failed} failed, ${jobs.dlq} dead-lettered`],
    ['Created', when(c.created_at)],
    ['Started', when(c.started_at)],
    ['Completed', when(c.completed_at)],
  ];
  if (c.ab_test) lines.push(...abTestLines(c.ab_test));
  if (c.last_error) lines.push(['Last error', c.last_error]);
  const lost = notAnalysedText(c);
  if (lost) lines.push(['Attention', `${lost}: outreach campaign requeue ${c.id}`]);
  printLine(`Campaign ${c.id}: ${c.name}`);
  for (const [label, value] of lines) printLine(`  ${label.padEnd(13)}${value}`);
}
