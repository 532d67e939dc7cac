// The public address of a lead's personal report page, as the first email links it: signed
// (purpose 'report') with the lead's id and an expiry (`report_expiry_days` in Settings), so it
// cannot be guessed, changed or used forever. None when the campaign has the pages switched
// off, the lead's site was not measured (a page without numbers offers nothing to check) or
// this server has no public address to put in an email.
import type { AuditStore } from '../audit/store.ts';
import type { TrackingTokens } from '../emails/tracking-token.ts';

export const DAY_MS = 86_400_000;

export const reportPaths = {
  page: (token: string) => `/r/${token}`,
  screenshot: (token: string, kind: 'mobile' | 'desktop') => `/r/${token}/${kind}.jpg`,
};

export interface ReportLinkDeps {
  tokens: Pick<TrackingTokens, 'reportToken' | 'reportPreview'>;
  audits: Pick<AuditStore, 'latest'>;
  /** Where recipients reach this server (OUTREACH_PUBLIC_URL, as tracking links use); null or empty when there is none. */
  publicUrl: () => string | null | undefined;
  /** The `report_expiry_days` setting (1-365). */
  expiryDays: () => Promise<number>;
  now: () => Date;
}

/** The campaign's switch, as the campaign record carries it (campaigns.report_pages). */
export interface ReportCampaign {
  reportPages: boolean;
}

/** The public URL of the lead's report page, valid for `report_expiry_days` from now; null when there is none to offer. */
export async function reportUrl(deps: ReportLinkDeps, leadId: number, campaign: ReportCampaign | null | undefined): Promise<string | null> {
  if (!campaign?.reportPages) return null;
  const base = deps.publicUrl()?.replace(/\/+$/, '');
  if (!base) return null;
  const stored = await deps.audits.latest(leadId);
  if (!stored?.audit.measured) return null;
  const expiresAt = new Date(deps.now().getTime() + (await deps.expiryDays()) * DAY_MS);
  return base + reportPaths.page(deps.tokens.reportToken(leadId, expiresAt));
}

/**
 * The agency's preview of the lead's page (Lead detail), on this server: the same page, marked
 * so that opening it is not counted as the lead's view. Null until the site was measured.
 */
export async function reportPreviewPath(deps: Omit<ReportLinkDeps, 'publicUrl'>, leadId: number): Promise<string | null> {
  const stored = await deps.audits.latest(leadId);
  if (!stored?.audit.measured) return null;
  const token = deps.tokens.reportToken(leadId, new Date(deps.now().getTime() + (await deps.expiryDays()) * DAY_MS));
  return `${reportPaths.page(token)}?preview=${deps.tokens.reportPreview(token)}`;
}
