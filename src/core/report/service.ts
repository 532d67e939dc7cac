// A lead's personal report page behind its signed link: what the page shows (the lead's own
// audit and measured findings, the agency's name and contact, the unsubscribe link) and what a
// view does. A person's view is engagement, recorded on the lead's latest sent email, in its
// history and in the feed, as a click is; a scanner's or a prefetcher's (the same filter as
// clicks: HEAD, no or a scanner's user agent, seconds after sending) is counted apart. Showing
// the page never unsubscribes anyone: the link leads to the unsubscribe page's own button.
import type { AuditStore, ScreenshotKind, StoredAudit } from '../audit/store.ts';
import { emailLocale } from '../drafts/locale.ts';
import type { TrackingTokens } from '../emails/tracking-token.ts';
import { machineReason, type MachineFilterOptions } from '../emails/machine-filter.ts';
import type { EventSink } from '../events.ts';
import type { Finding } from '../model/analysis.ts';
import { reportLanguage, type ReportLanguage } from './phrases.ts';

export interface ReportLead {
  id: number;
  campaignId: number | null;
  url: string;
  hostname: string;
  companyName: string | null;
  websiteLanguage: string | null;
  country: string | null;
  findings: Finding[];
}

export interface ReportEmail {
  id: number;
  leadId: number;
  campaignId: number | null;
  recipientEmail: string;
  subject: string;
  sentAt: Date | null;
}

export interface ReportRepo {
  lead(leadId: number): Promise<ReportLead | undefined>;
  /** The campaign's report_pages switch; undefined for no such campaign. */
  reportPages(campaignId: number): Promise<boolean | undefined>;
  /** The lead's most recently sent email (the one whose link was followed), if any was sent. */
  latestSentEmail(leadId: number): Promise<ReportEmail | undefined>;
  /** report_view_count + 1, report_viewed_at set when unset; true when this call set it (the first person's view). */
  recordView(emailId: number, at: Date): Promise<boolean>;
  countMachineView(emailId: number): Promise<void>;
  addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata?: Record<string, unknown> }): Promise<void>;
}

export interface ReportSender {
  name: string | undefined;
  email: string | undefined;
  postalAddress: string | undefined;
}

export interface ReportDeps {
  repo: ReportRepo;
  audits: AuditStore;
  tokens: Pick<TrackingTokens, 'verifyReport' | 'token' | 'isReportPreview'>;
  events: EventSink;
  filter: MachineFilterOptions;
  sender: () => Promise<ReportSender>;
  now: () => Date;
}

/** Findings the crawl measured (each with its evidence): what the page lists beside the audit. Detected absences ("no analytics") are left to the email. */
export const MEASURED_FINDINGS: ReadonlySet<Finding['id']> = new Set([
  'site_broken', 'broken_links', 'broken_images', 'certificate_expired', 'certificate_expiring', 'no_ssl',
  'error_message', 'flash_content', 'form_not_secure', 'closed_service', 'template_text', 'phone_mismatch', 'bad_phone_link', 'bad_email_link', 'no_title', 'pandemic_notice', 'stale_dates', 'stale_copyright', 'outdated_software', 'redirect_chain', 'slow_home', 'search_position',
]);

export interface ReportData {
  token: string;
  language: ReportLanguage;
  businessName: string;
  url: string;
  audit: StoredAudit;
  findings: Finding[];
  sender: ReportSender;
  /** Path of the unsubscribe page for the email that carried the link; null before anything was sent. */
  unsubscribePath: string | null;
  expiresAt: Date;
}

export type ReportAnswer = { kind: 'not_found' } | { kind: 'expired' } | { kind: 'page'; report: ReportData };

export interface ReportHit {
  method: string;
  userAgent: string | undefined;
}

export class ReportService {
  constructor(private readonly d: ReportDeps) {}

  /** The page behind a token, counting the view (a person's or a machine's) unless `preview` marks it as the agency's own. */
  async open(token: string, hit: ReportHit, preview?: string): Promise<ReportAnswer> {
    const found = await this.find(token);
    if (found.kind !== 'ok') return found;
    const { lead, audit, expiresAt } = found;
    const email = await this.d.repo.latestSentEmail(lead.id);
    if (email && !this.d.tokens.isReportPreview(token, preview)) await this.count(email, hit);
    const report: ReportData = {
      token,
      language: reportLanguage(emailLocale(lead.websiteLanguage, lead.country)),
      businessName: lead.companyName?.trim() || lead.hostname,
      url: audit.audit.measured ? audit.audit.final_url || audit.audit.url : audit.audit.url,
      audit,
      findings: lead.findings.filter((f) => MEASURED_FINDINGS.has(f.id)),
      sender: await this.d.sender(),
      unsubscribePath: email ? `/u/${this.d.tokens.token('unsubscribe', email.id)}` : null,
      expiresAt,
    };
    return { kind: 'page', report };
  }

  /** A screenshot of the lead's site, behind the same token check; undefined when there is none to show. */
  async screenshot(token: string, kind: ScreenshotKind): Promise<Buffer | 'expired' | undefined> {
    const found = await this.find(token);
    if (found.kind === 'expired') return 'expired';
    if (found.kind !== 'ok') return undefined;
    return this.d.audits.screenshot(found.lead.id, kind);
  }

  private async find(token: string) {
    const now = this.d.now();
    const verified = this.d.tokens.verifyReport(token, now);
    if (!verified) return { kind: 'not_found' as const };
    if (verified.expired) return { kind: 'expired' as const };
    const lead = await this.d.repo.lead(verified.leadId);
    // A campaign that switched its pages off takes them down; a lead outside any campaign keeps its page.
    if (!lead || (lead.campaignId !== null && (await this.d.repo.reportPages(lead.campaignId)) === false)) return { kind: 'not_found' as const };
    const audit = await this.d.audits.latest(lead.id);
    if (!audit) return { kind: 'not_found' as const };
    const expiry = parseInt(token.split('.')[1], 36) * 1000;
    return { kind: 'ok' as const, lead, audit, expiresAt: new Date(expiry) };
  }

  private async count(email: ReportEmail, hit: ReportHit) {
    const at = this.d.now();
    if (machineReason({ kind: 'click', method: hit.method, userAgent: hit.userAgent, at, sentAt: email.sentAt }, this.d.filter)) {
      await this.d.repo.countMachineView(email.id);
      return;
    }
    // Only the first view by a person is news; later ones are counted.
    if (!(await this.d.repo.recordView(email.id, at))) return;
    const message = `${email.recipientEmail} viewed the report page`;
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'report_page_viewed', description: message });
    await this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'report_viewed', status: 'success', message, details: { email_id: email.id, subject: email.subject } });
  }
}
