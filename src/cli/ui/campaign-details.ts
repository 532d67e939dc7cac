// `outreach campaign show` as text: the fields, where it is, and its job counts.
import type { Campaign } from '../../core/model/campaign.ts';
import type { JobCounts } from '../../core/pipeline/jobs.ts';
import type { CampaignSequenceState, Sequence } from '../../core/model/sequence.ts';
import { printLine } from '../output/print.ts';
import type { CampaignGuard } from '../../core/model/sending-guards.ts';
import { abTestLines } from './ab-test.ts';
import type { FailureReason } from '../../core/campaigns/service.ts';
import { completedText, countsText, reasonsText } from '../../core/model/campaign-outcome.ts';

const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') + ' UTC' : '—');
const limit = (n: number | null) => (n === null ? 'no limit' : String(n));

/** "N leads not analysed — requeue" when a stopped campaign has leads nothing will analyse (leads_not_analysed). */
export function notAnalysedText(c: Campaign): string | undefined {
  if (c.leads_not_analysed === 0) return undefined;
  return `${c.leads_not_analysed} lead${c.leads_not_analysed === 1 ? '' : 's'} not analysed — requeue`;
}

/** `reasons`: why the failed leads failed, most common first (CampaignService.failureReasons). */
export function showCampaign(c: Campaign, jobs: JobCounts, reasons: FailureReason[] = []): void {
  const search = [`"${c.search_query}"`, c.location && `in ${c.location}`, c.industry && `(${c.industry})`].filter(Boolean).join(' ');
  const lines: [string, string][] = [
    ['Status', (c.status === 'COMPLETED' ? completedText(c) : c.status) + (c.phase ? ` (${c.phase})` : '')],
    ['Mode', c.mode],
    ['Search', search],
    ['Limits', `max results ${limit(c.max_results)}, max emails ${limit(c.max_emails)}`],
    ['Leads', `${countsText(c)}, ${c.leads_with_email} with a contact email (${c.email_success_rate}%)`],
    ['Site audits', c.audits ? `${c.audits_finished} of ${c.audits} finished (shown on Lead detail)` : 'none yet'],
    ['Report pages', c.report_pages ? 'on: the first email links each audited lead\'s report page' : 'off'],
    ['Emails', `${c.emails_generated} drafted, ${c.emails_sent} sent, ${c.emails_opened} opened, ${c.emails_replied} replied, ${c.conversions} conversions`],
    ['Current site', c.current_website_url ?? '—'],
    ['Jobs', `${jobs.queued} queued, ${jobs.running} running, ${jobs.done} done, ${jobs.failed} failed, ${jobs.dlq} dead-lettered`],
    ['Created', when(c.created_at)],
    ['Started', when(c.started_at)],
    ['Completed', when(c.completed_at)],
  ];
  if (c.ab_test) lines.push(...abTestLines(c.ab_test));
  if (c.search_note) lines.push(['Found fewer', c.search_note]);
  if (reasons.length) lines.push(['Not read', reasonsText(reasons)]);
  if (c.last_error) lines.push(['Last error', c.last_error]);
  const lost = notAnalysedText(c);
  if (lost) lines.push(['Attention', `${lost}: outreach campaign requeue ${c.id}`]);
  printLine(`Campaign ${c.id}: ${c.name}`);
  for (const [label, value] of lines) printLine(`  ${label.padEnd(13)}${value}`);
}

/** "3 steps: the first email, then +3 and +7 business days" / "the first email only". */
export function sequenceText(s: Sequence): string {
  if (s.steps === 1) return 'the first email only (no follow-ups)';
  const days = s.follow_up_days.map((d) => `+${d}`);
  const list = days.length === 1 ? days[0] : `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`;
  return `${s.steps} steps: the first email, then follow-ups at ${list} business days after the step before`;
}

export function showSequence(s: CampaignSequenceState): void {
  printLine(`  ${'Sequence'.padEnd(13)}${sequenceText(s)}`);
  if (s.steps > 1) printLine(`  ${''.padEnd(13)}stops on ${s.stops_on.join(', ')}`);
  for (const step of s.by_step) {
    const parts = [`${step.sent} sent`, step.replied && `${step.replied} replied`, step.waiting && `${step.waiting} waiting`, step.bounced && `${step.bounced} bounced`, step.cancelled && `${step.cancelled} cancelled (sequence stopped)`];
    printLine(`  ${''.padEnd(13)}step ${step.step}: ${parts.filter(Boolean).join(', ')}`);
  }
  if (s.due.count) printLine(`  ${''.padEnd(13)}next: ${s.due.count} follow-up${s.due.count === 1 ? '' : 's'} to write, the first due ${when(s.due.first_at)}`);
}

/** The bounce and complaint guard for the campaign: paused (why, and how to resume) or its figures. */
export function showGuard(g: CampaignGuard): void {
  const f = g.figures;
  const figures = `${f.sends} sends in the window: ${f.hard_bounces} hard bounces (${f.hard_bounce_rate} %), ${f.complaints} complaints (${f.complaint_rate} %)`;
  if (g.paused) {
    printLine(`  ${'Sending'.padEnd(13)}PAUSED since ${when(g.paused.paused_at)}: ${g.paused.reason}`);
    printLine(`  ${''.padEnd(13)}resume with: outreach guards resume ${g.campaign_id}`);
  } else printLine(`  ${'Guard'.padEnd(13)}${figures} (pauses above ${g.thresholds.hard_bounce_percent} % / ${g.thresholds.complaint_percent} %, from ${g.thresholds.min_sends} sends)`);
}
