// The sending domain (admins): the last check of SPF, DKIM, DMARC, MX and the DNS blocklists,
// and a check made now (for SMTP, with the DKIM selector and SPF include the operator names).
import useSWR from 'swr';
import { api, fetcher } from './client.ts';
import type { AuthCheck, BlocklistCheck, SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus } from '../../../src/core/model/sending-domain.ts';

export type { AuthCheck, BlocklistCheck, SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus };

export const SENDING_DOMAIN_KEY = '/api/deliverability';

export function useSendingDomain(enabled: boolean) {
  return useSWR<SendingDomainStatus>(enabled ? SENDING_DOMAIN_KEY : null, fetcher, { revalidateOnFocus: false });
}

export function checkSendingDomain(input: SendingDomainCheckInput = {}): Promise<SendingDomainReport> {
  return api.post<SendingDomainReport>('/api/deliverability/check', input);
}
