// The Drafts and Outreach screens' display rules: quality bands, the 200-character
// preview, grouping by website, the optimal-window rule, the four email sections and the
// bulk-schedule groups by campaign.
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../web/src/api/campaigns.ts';
import type { Draft } from '../../web/src/api/drafts.ts';
import type { EmailItem } from '../../web/src/api/emails.ts';
import { businessName, goesNow, groupDrafts, preview, qualityColour, wordCount } from '../../web/src/components/drafts/draftFormat.ts';
import { scheduleGroups, sectionEmails, times } from '../../web/src/components/outreach/emailFormat.ts';

const draft = (id: number, host: string, quality: number | null): Draft => ({
  id,
  campaign_id: 1,
  lead_id: id,
  step: 1,
  steps: null,
  recipient_email: `info@${host}`,
  subject: `Subject ${id}`,
  body: 'Hello',
  first_line: '',
  quality_score: quality,
  lead_hostname: host,
  lead_url: `https://${host}/`,
  lead_title: null,
  generated_at: null,
  send_at: '2026-03-10T14:00:00.000Z',
  recipient_timezone: 'America/Denver',
  lead_company_name: null,
  recipient_check: null,
  quality_breakdown: null,
  ab_variant: null,
  ab_subjects: null,
});

const email = (id: number, status: EmailItem['status'], campaign_id: number | null = 1): EmailItem => ({
  id,
  campaign_id,
  lead_id: id,
  step: 1,
  subject: 's',
  body: 'b',
  recipient_email: 'a@b.test',
  status,
  quality_score: 0.7,
  generated_at: null,
  sent_at: null,
  opened_at: null,
  clicked_at: null,
  replied_at: null,
  scheduled_send_time: null,
  send_at: null,
  recipient_timezone: 'America/Denver',
  recipient_timezone_source: "analysis: address 'Denver, CO 80202'",
  open_count: 0,
  click_count: 0,
  machine_open_count: 0,
  machine_click_count: 0,
  last_error: null,
  recipient_check: null,
  lead: { id, title: null, company_name: null, url: 'https://x.test/', hostname: 'x.test' },
});

describe('drafts display rules', () => {
  it('colours quality 0.8+ green, 0.6+ yellow, else red', () => {
    expect(qualityColour(0.8)).toBe('is-success');
    expect(qualityColour(0.79)).toBe('is-warning');
    expect(qualityColour(0.6)).toBe('is-warning');
    expect(qualityColour(0.59)).toBe('is-danger');
    expect(qualityColour(null)).toBe('is-danger');
  });

  it('previews the first 200 characters and marks a cut with ...', () => {
    expect(preview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(preview('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
  });

  it('counts words', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  Hi there,\n\nBob  ')).toBe(3);
  });

  it('groups by website, best average first, best draft first inside', () => {
    const groups = groupDrafts([draft(1, 'a.test', 0.5), draft(2, 'b.test', 0.9), draft(3, 'a.test', 0.7), { ...draft(4, 'b.test', 0.6), lead_company_name: 'Bee Bakery' }]);
    expect(groups.map((g) => [g.hostname, g.drafts.map((d) => d.id)])).toEqual([
      ['b.test', [2, 4]],
      ['a.test', [3, 1]],
    ]);
    expect(groups[0].averageQuality).toBeCloseTo(0.75);
    // A group is named by the business name its drafts carry, else by its hostname.
    expect(groups.map((g) => g.name)).toEqual(['Bee Bakery', 'a.test']);
  });

  it("names the business by its own name, and by the hostname only when it has none", () => {
    expect(businessName({ lead_company_name: 'Rocky Roofing', lead_hostname: 'rocky-roofing.example' })).toBe('Rocky Roofing');
    expect(businessName({ lead_company_name: null, lead_hostname: 'rocky-roofing.example' })).toBe('rocky-roofing.example');
    expect(businessName({ lead_company_name: '  ', lead_hostname: 'rocky-roofing.example' })).toBe('rocky-roofing.example');
  });
});

describe('approving now or later', () => {
  it("follows the server's send time: at once when it is due, else queued", () => {
    const at = Date.parse('2026-03-10T14:00:00.000Z');
    expect(goesNow(draft(1, 'a.example', 0.7), at)).toBe(true);
    expect(goesNow(draft(1, 'a.example', 0.7), at - 1)).toBe(false);
  });
});

describe('outreach display rules', () => {
  it('sorts emails into Queued, Sent, Failed and Other', () => {
    const sections = sectionEmails([email(1, 'QUEUED'), email(2, 'SENT'), email(3, 'FAILED'), email(4, 'DRAFT'), email(5, 'OPENED')]);
    expect(Object.fromEntries(Object.entries(sections).map(([k, v]) => [k, v.map((e) => e.id)]))).toEqual({ queued: [1], sent: [2], failed: [3], other: [4, 5] });
  });

  it("says '1 time' and 'N times'", () => {
    expect(times(1)).toBe('1 time');
    expect(times(0)).toBe('0 times');
    expect(times(3)).toBe('3 times');
  });

  it("groups the selection by campaign: none is campaign 0, an unknown campaign is 'general'", () => {
    const campaigns = [{ id: 1, name: 'Plumbers', industry: 'plumbing' }, { id: 2, name: 'No industry', industry: null }] as Campaign[];
    const emails = [email(1, 'DRAFT', 1), email(2, 'QUEUED', null), email(3, 'DRAFT', 1), email(4, 'DRAFT', 9), email(5, 'DRAFT', 2), email(6, 'DRAFT', 1)];
    const groups = scheduleGroups(emails, new Set([1, 2, 3, 4, 5]), campaigns);
    expect(groups.map((g) => [g.campaignId, g.industry, g.emailIds])).toEqual([
      [1, 'plumbing', [1, 3]],
      [0, 'general', [2]],
      [9, 'general', [4]],
      [2, 'general', [5]],
    ]);
  });
});
