// Pure helpers of the Outreach screen: the four sections, status colours, counts in words
// and the bulk-schedule grouping by campaign.
import type { Campaign } from '../../api/campaigns.ts';
import type { EmailItem } from '../../api/emails.ts';

export type SectionKey = 'queued' | 'sent' | 'failed' | 'other';

export const SECTIONS: ReadonlyArray<{ key: SectionKey; title: string }> = [
  { key: 'queued', title: 'Queued Emails' },
  { key: 'sent', title: 'Sent Emails' },
  { key: 'failed', title: 'Failed Emails' },
  { key: 'other', title: 'Other' },
];

const SECTION_OF: Partial<Record<EmailItem['status'], SectionKey>> = { QUEUED: 'queued', SENT: 'sent', FAILED: 'failed' };

/** Queued (QUEUED), Sent (SENT), Failed (FAILED) and Other (any other status). */
export function sectionEmails(emails: EmailItem[]): Record<SectionKey, EmailItem[]> {
  const out: Record<SectionKey, EmailItem[]> = { queued: [], sent: [], failed: [], other: [] };
  for (const email of emails) out[SECTION_OF[email.status] ?? 'other'].push(email);
  return out;
}

export const STATUS_FILTERS = ['DRAFT', 'QUEUED', 'SENT', 'OPENED', 'REPLIED'] as const;

const COLOURS: Partial<Record<EmailItem['status'], string>> = {
  QUEUED: 'is-warning',
  SENDING: 'is-warning',
  PAUSED: 'is-warning',
  SENT: 'is-info',
  OPENED: 'is-success',
  CLICKED: 'is-success',
  REPLIED: 'is-primary',
  BOUNCED: 'is-danger',
  FAILED: 'is-danger',
};

export function emailStatusColour(status: EmailItem['status']): string {
  return COLOURS[status] ?? '';
}

/** '1 time' / 'N times'. */
export function times(count: number): string {
  return count === 1 ? '1 time' : `${count} times`;
}

export const isSentStatus = (status: EmailItem['status']) => status === 'SENT' || status === 'OPENED' || status === 'CLICKED' || status === 'REPLIED';

export interface ScheduleGroup {
  /** 0 for emails without a campaign. */
  campaignId: number;
  campaignName: string;
  industry: string;
  emailIds: number[];
}

/**
 * The selected emails by campaign (no campaign = campaign 0), each with the industry it
 * is scheduled for: the campaign's own, or 'general' when it has none or is not found.
 */
export function scheduleGroups(emails: EmailItem[], selected: ReadonlySet<number>, campaigns: Campaign[] | undefined): ScheduleGroup[] {
  const groups = new Map<number, ScheduleGroup>();
  for (const email of emails) {
    if (!selected.has(email.id)) continue;
    const campaignId = email.campaign_id ?? 0;
    let group = groups.get(campaignId);
    if (!group) {
      const campaign = campaigns?.find((c) => c.id === campaignId);
      group = {
        campaignId,
        campaignName: campaign?.name ?? (campaignId ? `Campaign #${campaignId}` : 'No campaign'),
        industry: campaign?.industry?.trim() || 'general',
        emailIds: [],
      };
      groups.set(campaignId, group);
    }
    group.emailIds.push(email.id);
  }
  return [...groups.values()];
}
