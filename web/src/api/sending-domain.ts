// The sending domain (admins): the last check of SPF, DKIM, DMARC, MX and the DNS blocklists,
// and a check made now (for SMTP, with the DKIM selector and SPF include the operator names).
import useSWR from 'swr';
import { api, fetcher } from './client.ts';
import type { AuthCheck, AuthOverride, BlocklistCheck, ListingAcknowledgement, SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus } from '../../../src/core/model/sending-domain.ts';

export type { AuthCheck, AuthOverride, BlocklistCheck, ListingAcknowledgement, SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus };

export const SENDING_DOMAIN_KEY = '/api/deliverability';

export function useSendingDomain(enabled: boolean) {
  return useSWR<SendingDomainStatus>(enabled ? SENDING_DOMAIN_KEY : null, fetcher, { revalidateOnFocus: false });
}

export function checkSendingDomain(input: SendingDomainCheckInput = {}): Promise<SendingDomainReport> {
  return api.post<SendingDomainReport>('/api/deliverability/check', input);
}

const domainPath = (domain: string) => encodeURIComponent(domain);

/** Live sending from `domain` without SPF and DKIM passing (recorded with who and when). */
export function overrideSendingAuth(domain: string): Promise<SendingDomainStatus> {
  return api.put<SendingDomainStatus>(`/api/deliverability/overrides/${domainPath(domain)}`, {});
}

export function clearSendingAuthOverride(domain: string): Promise<SendingDomainStatus> {
  return api.delete<SendingDomainStatus>(`/api/deliverability/overrides/${domainPath(domain)}`);
}

/** The listings of `domain`'s last check no longer pause its live sending. */
export function acknowledgeListings(domain: string): Promise<SendingDomainStatus> {
  return api.post<SendingDomainStatus>(`/api/deliverability/acknowledgements/${domainPath(domain)}`);
}
