// What holds live sending from a domain, read from its last check (issue 23, points 4 and 6):
// SPF that does not authorise the provider or no DKIM key published (missing or wrong, proven
// by DNS; a check DNS could not answer refuses nothing), unless an operator overrode the rule
// for the domain; and a blocklist listing no operator acknowledged. The operators' decisions
// (the override, the acknowledgements: who, when, which listing) are kept per domain.
import type { AuthCheck, AuthOverride, BlocklistCheck, ListingAcknowledgement, SendingDomainReport } from '../model/sending-domain.ts';
import { AuthOverride as OverrideSchema, ListingAcknowledgement as AckSchema } from '../model/sending-domain.ts';
import type { SettingsStore } from '../settings/store.ts';

export interface DomainDecisions {
  override: AuthOverride | null;
  acknowledged: ListingAcknowledgement[];
}

export const NO_DECISIONS: DomainDecisions = { override: null, acknowledged: [] };

/** The operators' decisions per sending domain. */
export interface DecisionStore {
  get(domain: string): Promise<DomainDecisions>;
  put(domain: string, decisions: DomainDecisions, by: number | null): Promise<void>;
}

const sameListing = (a: { zone: string; subject: string }, b: { zone: string; subject: string }) => a.zone.toLowerCase() === b.zone.toLowerCase() && a.subject.toLowerCase() === b.subject.toLowerCase();

/** SPF and DKIM proven missing or wrong (a DNS failure or an unnamed SMTP selector is not proof). */
export const authGaps = (report: SendingDomainReport): AuthCheck[] => report.auth.filter((a) => (a.kind === 'spf' || a.kind === 'dkim') && (a.status === 'missing' || a.status === 'wrong'));

/** The report's listings no operator acknowledged. */
export const unacknowledged = (report: SendingDomainReport, d: DomainDecisions): BlocklistCheck[] =>
  report.blocklists.filter((b) => b.status === 'listed' && !d.acknowledged.some((a) => sameListing(a, b)));

/** Acknowledgements of listings the report finds gone (a later listing on that list is new). */
export function withoutCleared(report: SendingDomainReport, d: DomainDecisions): DomainDecisions {
  const acknowledged = d.acknowledged.filter((a) => !report.blocklists.some((b) => b.status === 'clean' && sameListing(a, b)));
  return acknowledged.length === d.acknowledged.length ? d : { ...d, acknowledged };
}

/** The report's listings that the previous report of the same sender did not have. */
export const newListings = (report: SendingDomainReport, previous: SendingDomainReport | undefined, d: DomainDecisions): BlocklistCheck[] =>
  unacknowledged(report, d).filter((b) => !previous?.blocklists.some((p) => p.status === 'listed' && sameListing(p, b)));

const record = (a: AuthCheck) => (a.publish ? ` Publish: ${a.publish.type} ${a.publish.name} "${a.publish.value}".` : '');

/** Why live sending from the report's domain is refused, or undefined. */
export function refusalReason(report: SendingDomainReport, d: DomainDecisions): string | undefined {
  const domain = report.identity.domain;
  if (report.identity.provider === 'outbox' || !domain) return undefined;
  const parts: string[] = [];
  const gaps = d.override ? [] : authGaps(report);
  if (gaps.length) {
    const what = gaps.map((a) => a.kind.toUpperCase()).join(' and ');
    parts.push(
      `Live sending from ${domain} is refused: ${what} ${gaps.length > 1 ? 'do' : 'does'} not pass (checked ${report.checked_at} through ${report.dns_server}). ` +
        gaps.map((a) => `${a.kind.toUpperCase()}: ${a.summary}${record(a)}`).join(' ') +
        ` Then check again (outreach deliverability, or Check now on Settings → Sending domain), or override the rule for this domain: outreach deliverability --override-auth ${domain}.`,
    );
  }
  const listed = unacknowledged(report, d);
  if (listed.length) {
    parts.push(
      `Live sending from ${domain} is paused: ${listed.map((b) => b.summary.replace(/\.$/, '')).join('; ')} (checked ${report.checked_at}). ` +
        `Ask the list to remove it, then acknowledge the listing: outreach deliverability --acknowledge ${domain}, or Settings → Sending domain.`,
    );
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** The decisions of every domain in one settings row (JSON: domain → decisions), like the checks. */
export class SettingsDecisionStore implements DecisionStore {
  constructor(private readonly store: SettingsStore) {}

  async get(domain: string): Promise<DomainDecisions> {
    return (await this.all())[domain.toLowerCase()] ?? NO_DECISIONS;
  }

  async put(domain: string, decisions: DomainDecisions, by: number | null = null): Promise<void> {
    const all = { ...(await this.all()), [domain.toLowerCase()]: decisions };
    const kept = Object.fromEntries(Object.entries(all).filter(([, v]) => v.override || v.acknowledged.length));
    await this.store.set('sending_domain_decisions', JSON.stringify(kept), by);
  }

  /** A row not written by this code (edited by hand) keeps only what still reads as a decision. */
  private async all(): Promise<Record<string, DomainDecisions>> {
    const raw = await this.store.value('sending_domain_decisions');
    if (!raw) return {};
    try {
      const parsed = JSON.parse(raw) as Record<string, { override?: unknown; acknowledged?: unknown }>;
      return Object.fromEntries(
        Object.entries(parsed).map(([domain, v]) => {
          const override = OverrideSchema.safeParse(v?.override);
          const acks = Array.isArray(v?.acknowledged) ? v.acknowledged.flatMap((a) => (AckSchema.safeParse(a).success ? [a as ListingAcknowledgement] : [])) : [];
          return [domain, { override: override.success ? override.data : null, acknowledged: acks }];
        }),
      );
    } catch {
      return {};
    }
  }
}
